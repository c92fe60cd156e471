// The member names of a JSON object's top level, in order and with repeats. JSON.parse keeps only
// the last of two equal names, while another parser may keep the first: a body with two `url`
// members could show the proxy one URL and the service another. One pass, no recursion, so a
// deeply nested body costs no stack.

/** `text` must already be known to parse as a JSON object. */
export function topLevelKeys(text: string): string[] {
  const keys: string[] = [];
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      if (depth === 1 && expectKey) {
        keys.push(JSON.parse(text.slice(i, end + 1)) as string);
        expectKey = false;
      }
      i = end;
    } else if (char === "{" || char === "[") {
      depth++;
      expectKey = depth === 1;
    } else if (char === "}" || char === "]") {
      depth--;
    } else if (char === "," && depth === 1) {
      expectKey = true;
    }
  }
  return keys;
}
