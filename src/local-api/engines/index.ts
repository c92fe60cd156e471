/**
 * The engines that do the local API's real work. Pure modules: bytes in, bytes (or descriptors) out,
 * no HTTP. Every failure is an `EngineError` whose `reason` is a v3 reason; answer it with
 * `errorResponse(engineErrorStatus(e), e.reason, e.message)`:
 *   invalid_input_file 400 (upload is not the operation's input, or passes a cost limit), invalid_request
 *   400 (bad width, height, preset or colours), conversion_failed 500, conversion_timeout 504,
 *   rate_limit_exceeded 429 (every engine slot and its short line are taken), aborted (cancelled).
 *
 * Isolation: nothing costly runs on the event loop. SVG checks, svg-to-pdf, svg-to-lottie and tracing
 * run in pooled worker threads with a V8 memory cap (workers/worker-pool.ts, two at a time, a short
 * line, then 429); uploads' resvg renders run in a child process under an address-space limit
 * (workers/resvg-process.ts); Lottie frames in their own worker pool. A deadline or an AbortSignal
 * terminates the worker or kills the process: the work stops, not just the wait.
 * SVG cost limits (svg-cost.ts, svg-filter-cost.ts): elements after <use>/reference expansion,
 * nesting depth, XML entities, filter regions, blur radii and per-pixel filter work.
 *
 * Conversions
 *   parseConversionParams(op, { width?, height?, preset? }: multipart strings) -> ConversionParams
 *   validateConversionInput(op, bytes, params?, control?) -> Promise<void>
 *       sniffs the bytes (never the name or type) and, for SVG, checks its cost at the output size
 *   runConversion(op, bytes, params?, { signal?, timeoutMs? }?) -> Promise<Buffer>
 *       validates first unless validateConversionInput already passed these bytes
 *       Content-Type: CONVERSIONS[op].contentType (src/api/contract/tables.ts).
 *   availableConversions() -> Record<op, { available, reason? }>   mp4/webm need ffmpeg
 *   Bounds: svg-to-png/jpg width or height 1..4096 (default: the SVG's own size, long edge capped at
 *   4096); Lottie renders width/height 16..1024 (one given: the other follows the aspect ratio; none:
 *   the animation's size with the long edge at most 512; mp4/webm rounded down to even), frame rate
 *   the animation's capped at 30, at most 300 frames and 64 Mpx in all (longer ones are sampled more
 *   sparsely), animations over 600 s refused (invalid_input_file), 120 s deadline by default covering
 *   render and encode. GIF and video are flattened onto white; WebP keeps alpha.
 *   svg-to-lottie presets: static (default, 1 s), fade-in (1.5 s), draw (trim-path strokes, 2 s).
 *   svg-to-pdf: one page at the SVG's physical size (96 px = 72 pt).
 *   Lottie renders run in worker threads that stay (unreferenced) between jobs; the signal or the
 *   deadline terminates a job's worker. closeRenderWorkers() ends the idle ones on shutdown.
 *   A file that passes the sniffer but does not decode is invalid_input_file too.
 *
 * AI upload operations (png, jpg, webp or gif in)
 *   vectorize(bytes, { colours? 2, 4 or 16 = 16, signal?, timeoutMs? }) -> Promise<string>  SVG text
 *   removeBackground(bytes, { signal?, timeoutMs? = 60 s }) -> Promise<Buffer>          PNG with alpha
 *   (both in engine workers). sniffUpload(bytes, among) -> Promise<format>: sniff() among the
 *   formats a caller takes, any text read in a worker.
 *
 * Reverse image search
 *   describe(bytes) -> Promise<Float32Array>     png, jpg, webp, gif or svg
 *   describeUpload(bytes, control?) -> Promise<Float32Array>    the same, in an engine worker
 *   describeSvg(svg) -> Float32Array             synchronous, for the catalogue
 *   similarity(a, b) -> number                   cosine, 1 = same shape
 *   buildCatalogueIndex([{ uuid, svg }], cachePath) -> Promise<{ index, computed, reused, failed }>
 *       reuses and refreshes a descriptor cache on disk; yields to the event loop every 15 ms.
 *   index.rank(query, { limit?, keep?(uuid) }) -> [{ id, score }] best first
 *
 * Other helpers: sniff(bytes) -> "png" | "jpg" | "gif" | "webp" | "svg" | "lottie" | undefined,
 *   renderLottieFrame(jsonOrDotLottie, { width, height, frame }) -> straight RGBA (previews).
 */

export { type VectorizeOptions, vectorize } from "./ai/vectorize";
export {
  availableConversions,
  type ConversionAvailability,
  runConversion,
  validateConversionInput,
} from "./conversions";
export {
  BUSY_RETRY_AFTER_SECONDS,
  EngineError,
  type EngineErrorReason,
  engineErrorStatus,
  isEngineError,
} from "./errors";
export { describeUpload, removeBackground, sniffUpload } from "./isolated";
export { type Deadline, startDeadline } from "./lottie/deadline";
export { hasFfmpeg } from "./lottie/ffmpeg";
export { closeRenderWorkers, type RenderControl } from "./lottie/render";
export { renderLottieFrame } from "./lottie/render-frame";
export {
  RENDER_DEFAULT_MAX_EDGE,
  RENDER_MAX_EDGE,
  RENDER_MAX_FPS,
  RENDER_MAX_FRAMES,
  RENDER_MAX_SECONDS,
  RENDER_MIN_EDGE,
} from "./lottie/render-params";
export { type ConversionFields, type ConversionParams, parseConversionParams } from "./params";
export { buildCatalogueIndex, type CatalogueBuild, type CatalogueIcon } from "./similarity/catalogue-cache";
export { describe, describeSvg, similarity } from "./similarity/describe";
export { type Ranked, SimilarityIndex } from "./similarity/rank";
export { LOTTIE_MAX_DEPTH, rasterFormatOf, type SniffedFormat, sniff } from "./sniff";
export { checkSvgCost, SVG_LIMITS } from "./svg-cost";
export { FILTER_LIMITS } from "./svg-filter-cost";
export { DEFAULT_PRESET, SVG_LOTTIE_PRESETS, type SvgLottiePreset } from "./svg-lottie/index";
export { SVG_MAX_EDGE, SVG_MIN_EDGE } from "./svg-render";
export { closeRenderProcesses, liveRenderProcesses, RESVG_ADDRESS_SPACE_KB } from "./workers/resvg-process";
export { closeEngineWorkers } from "./workers/run-engine";
export { liveWorkerCount } from "./workers/worker-pool";
