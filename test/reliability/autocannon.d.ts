// The part of autocannon's programmatic API the load test uses: the package ships no types.
declare module "autocannon" {
  interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  interface Request extends RequestParams {
    /** Rewrites each request just before it is sent; its result is what goes on the wire. */
    setupRequest?: (request: RequestParams & Record<string, unknown>) => RequestParams;
    onResponse?: (status: number, body: string, context: unknown, headers: Record<string, string>) => void;
  }

  interface Options {
    url: string;
    connections?: number;
    amount?: number;
    duration?: number;
    /** Seconds a request may wait for its answer before it counts as a timeout. */
    timeout?: number;
    pipelining?: number;
    requests?: Request[];
  }

  interface Result {
    errors: number;
    timeouts: number;
    non2xx: number;
    requests: { total: number; average: number };
    statusCodeStats?: Record<string, { count: number }>;
  }

  function autocannon(options: Options, done: (error: Error | null, result: Result) => void): unknown;
  export default autocannon;
}
