// svg-to-pdfkit ships no typings; this is the part of its API the PDF conversion uses.
declare module "svg-to-pdfkit" {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    preserveAspectRatio?: string;
    assumePt?: boolean;
    useCSS?: boolean;
    warningCallback?: (message: string) => void;
    /** Maps an <image> link to what PDFKit opens (a data: URL, or a path it reads from disk). */
    imageCallback?: (link: string) => string;
  }
  export default function SVGtoPDF(
    doc: PDFKit.PDFDocument,
    svg: string,
    x?: number,
    y?: number,
    options?: SvgToPdfOptions,
  ): void;
}
