// The seam for AI work the local API cannot do itself: generation (text-to-image, image-to-image,
// text-to-3d, image-to-3d) and smart-group. The default local plan has no provider, so those
// operations are listed unavailable and answer 403 entitlement_required once a request is valid.
// A provider is passed as `aiProvider` to createLocalApi.

import type { AiOperation } from "../../api/contract/tables";

export interface AiModel {
  model: string;
  name: string;
  operations: readonly AiOperation[];
  /** Credits per task for this model (cost is per operation and model pair). */
  credit_cost: number;
}

/** One submission, already validated by the local API. */
export interface AiWork {
  operation: AiOperation;
  /** Generative operations: a model this provider lists for the operation. */
  model?: string;
  prompt?: string;
  /** Checked: http(s) and not an inside address. The provider fetches it itself, unless `image` is set. */
  image_url?: string;
  /**
   * The image behind image_url when it is one of this server's own previews, already read here: its
   * address is this server's (loopback, or a name only the embedded proxy knows), not the provider's to fetch.
   */
  image?: { bytes: Uint8Array; contentType: string };
  /** Upload operations (smart-group): the one file. */
  file?: Uint8Array;
  /** How many results the caller asked for (`n`, 1..4). */
  count: number;
  /** The remaining body fields, passed through untouched. */
  options: Readonly<Record<string, unknown>>;
}

/** A finished result: its bytes and how to serve them. */
export interface AiOutput {
  bytes: Uint8Array;
  /** File extension of the result: png, jpg, webp, svg, json, glb, gltf or zip. */
  extension: string;
}

/** One task's work, started by the local API once the submission is accepted. */
export type AiTaskRun = () => Promise<AiOutput>;

export type AiDispatch =
  /** Refused (e.g. the acceptable use policy): 422 invalid_request, nothing charged. */
  | { accepted: false; message: string }
  /** One run per task, at most `count`. */
  | { accepted: true; tasks: AiTaskRun[] };

export interface AiProvider {
  /** Which of the provider-backed operations it serves. */
  readonly operations: readonly AiOperation[];
  readonly models: readonly AiModel[];
  /** Credits per smart-group task (upload operations are priced per operation). */
  readonly smartGroupCredits?: number;
  dispatch(work: AiWork): Promise<AiDispatch>;
}
