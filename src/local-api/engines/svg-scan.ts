// A single linear pass over SVG (XML) text that reports each element's opening and closing, with its
// attributes, and never builds a tree: the cost pre-check and the sniffer read structure from it
// without any depth-bounded or recursive parser (a file of 1,000 nested <g> is just 1,000 events).
// It trusts nothing: text that is not well-formed ends the scan with a ScanProblem, never an exception
// of another kind.

export interface ScanVisitor {
  /** An element opens; `attributes` are raw (entity references left as written). */
  open(name: string, attributes: Map<string, string>, selfClosing: boolean): void;
  close(name: string): void;
  /** A <!DOCTYPE> internal subset's <!ENTITY> declaration. */
  entity?(name: string, value: string): void;
}

/** The text is not well-formed XML, at least not in a way the scan can follow. */
export class ScanProblem extends Error {
  override readonly name = "ScanProblem";
}

const TAG = /<([^\s/>!?]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/y;
const CLOSE = /<\/([^\s>]+)\s*>/y;
const ATTRIBUTE = /([^\s=/>"']+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /<!ENTITY\s+(%\s+)?([^\s>]+)\s+(?:"([^"]*)"|'([^']*)')/g;

function skipPast(text: string, from: number, marker: string): number {
  const at = text.indexOf(marker, from);
  if (at < 0) throw new ScanProblem(`unterminated ${marker === "-->" ? "comment" : "markup"}`);
  return at + marker.length;
}

function readAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  if (source.trim() === "") return attributes;
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(source); match; match = ATTRIBUTE.exec(source)) {
    attributes.set(match[1]!, match[2] ?? match[3] ?? "");
  }
  return attributes;
}

function readDoctype(text: string, at: number, visitor: ScanVisitor): number {
  const bracket = text.indexOf("[", at);
  const end = text.indexOf(">", at);
  if (end < 0) throw new ScanProblem("unterminated DOCTYPE");
  if (bracket < 0 || bracket > end) return end + 1;
  const subsetEnd = text.indexOf("]", bracket);
  if (subsetEnd < 0) throw new ScanProblem("unterminated DOCTYPE subset");
  const subset = text.slice(bracket + 1, subsetEnd);
  ENTITY.lastIndex = 0;
  for (let match = ENTITY.exec(subset); match; match = ENTITY.exec(subset)) {
    visitor.entity?.(match[2]!, match[3] ?? match[4] ?? "");
  }
  return skipPast(text, subsetEnd, ">");
}

/** Walks `text` start to end; throws ScanProblem on what it cannot follow (tags that do not match). */
export function scanXml(text: string, visitor: ScanVisitor): void {
  const open: string[] = [];
  let at = 0;
  let rootsSeen = 0;
  for (;;) {
    const lt = text.indexOf("<", at);
    if (lt < 0) break;
    if (text.startsWith("<!--", lt)) at = skipPast(text, lt + 4, "-->");
    else if (text.startsWith("<![CDATA[", lt)) at = skipPast(text, lt + 9, "]]>");
    else if (text.startsWith("<?", lt)) at = skipPast(text, lt + 2, "?>");
    else if (text.startsWith("<!DOCTYPE", lt)) at = readDoctype(text, lt, visitor);
    else if (text.startsWith("</", lt)) {
      CLOSE.lastIndex = lt;
      const match = CLOSE.exec(text);
      const name = match?.[1];
      if (!name || open.pop() !== name) throw new ScanProblem(`unexpected closing tag ${name ?? ""}`);
      visitor.close(name);
      at = CLOSE.lastIndex;
    } else {
      TAG.lastIndex = lt;
      const match = TAG.exec(text);
      if (!match) throw new ScanProblem("a tag is not closed");
      const name = match[1]!;
      const selfClosing = match[3] === "/";
      if (open.length === 0 && ++rootsSeen > 1) throw new ScanProblem("more than one root element");
      visitor.open(name, readAttributes(match[2]!), selfClosing);
      if (selfClosing) visitor.close(name);
      else open.push(name);
      at = TAG.lastIndex;
    }
  }
  if (open.length > 0) throw new ScanProblem(`<${open.at(-1)}> is never closed`);
  if (rootsSeen === 0) throw new ScanProblem("no root element");
}

/** The element name without its namespace prefix (svg:rect -> rect). */
export function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon < 0 ? name : name.slice(colon + 1);
}
