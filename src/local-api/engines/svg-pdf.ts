// svg-to-pdf: one page exactly the SVG's physical size (CSS px at 96 per inch -> 72 pt per inch), drawn
// as vectors by svg-to-pdfkit into a pdfkit document.

import PDFDocument from "pdfkit";
import SVGtoPDF from "svg-to-pdfkit";
import { asConversionFailure, EngineError } from "./errors";
import { requireInput } from "./sniff";
import { svgIntrinsicSize } from "./svg-size";

export const PT_PER_CSS_PX = 72 / 96;
/** Used when the SVG states neither a size nor a viewBox (the CSS default replaced-element size). */
const FALLBACK_SIZE = { width: 300, height: 150 };
/** PDF viewers cap pages at 200 inches (14400 pt). */
const MAX_PAGE_PT = 14_400;

/** An <image> link the writer may open: a data: URL carried by the file itself, else nothing. */
export function embeddedImageOnly(link: string): string {
  const compact = link.replace(/\s+/g, "");
  return /^data:image\/(?:png|jpe?g);/i.test(compact) ? compact : "";
}

export async function svgToPdf(bytes: Uint8Array): Promise<Buffer> {
  requireInput(bytes, "svg");
  const svg = new TextDecoder().decode(bytes);
  const px = svgIntrinsicSize(svg) ?? FALLBACK_SIZE;
  const width = px.width * PT_PER_CSS_PX;
  const height = px.height * PT_PER_CSS_PX;
  if (width > MAX_PAGE_PT || height > MAX_PAGE_PT) {
    throw new EngineError("invalid_input_file", "The SVG is larger than a PDF page may be (200 inches).");
  }
  try {
    const doc = new PDFDocument({
      size: [width, height],
      margin: 0,
      autoFirstPage: true,
      info: { Producer: "Assetport" },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      doc.on("end", resolve);
      doc.on("error", reject);
    });
    // Its warnings (unknown attributes, bad path data it skips) would only fill the server log.
    SVGtoPDF(doc, svg, 0, 0, {
      width,
      height,
      preserveAspectRatio: "xMidYMid meet",
      assumePt: false,
      warningCallback: () => {},
      // pdfkit opens any other string as a path on this server's disk: an upload naming
      // /some/file.png would have it embedded in the answer. Only images inside the file are drawn.
      imageCallback: embeddedImageOnly,
    });
    doc.end();
    await ended;
    return Buffer.concat(chunks);
  } catch (error) {
    throw asConversionFailure(error, "Writing the PDF");
  }
}
