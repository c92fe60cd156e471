// Asserts that a call fails with an ApiError of the given status and reason whose message names `mentions`.
import { expect } from "vitest";
import { ApiError } from "../../src/api/contract/errors";

export function expectApiError(
  run: () => unknown,
  status: number,
  reason: string,
  mentions?: string | RegExp,
): ApiError {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught, "expected an ApiError to be thrown").toBeInstanceOf(ApiError);
  const error = caught as ApiError;
  expect({ status: error.status, reason: error.reason }).toEqual({ status, reason });
  if (mentions !== undefined) expect(error.message).toMatch(mentions);
  return error;
}

export async function expectApiRejection(
  promise: Promise<unknown>,
  status: number,
  reason: string,
  mentions?: string | RegExp,
): Promise<ApiError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught, "expected an ApiError rejection").toBeInstanceOf(ApiError);
  const error = caught as ApiError;
  expect({ status: error.status, reason: error.reason }).toEqual({ status, reason });
  if (mentions !== undefined) expect(error.message).toMatch(mentions);
  return error;
}
