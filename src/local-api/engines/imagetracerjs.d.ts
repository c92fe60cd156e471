// The one call of imagetracerjs (no types of its own) the tracer uses.
declare module "imagetracerjs" {
  const ImageTracer: {
    imagedataToSVG(
      image: { width: number; height: number; data: Uint8ClampedArray },
      options: Record<string, unknown>,
    ): string;
  };
  export default ImageTracer;
}
