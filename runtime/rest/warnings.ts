/** `Warning:` response headers (RFC 7234 form, as the API server sends them) and the handlers that surface them. */

/** One warning: the code (299 for API warnings), the agent ("-" from the API server) and the text. */
export interface Warning {
  code: number;
  agent: string;
  text: string;
}

/** Receives each warning of each response (client-go's WarningHandler). */
export type WarningHandler = (warning: Warning) => void;

/** Drops every warning. */
export const silentWarningHandler: WarningHandler = () => {};

/**
 * A handler that writes `Warning: <text>` for each API warning (code 299) and writes each
 * distinct text only once, as kubectl's deduplicating warning writer does.
 */
export function deduplicatingWarningHandler(write: (line: string) => void): WarningHandler {
  const seen = new Set<string>();
  return ({ code, text }) => {
    if (code !== 299 || text === "" || seen.has(text)) return;
    seen.add(text);
    write(`Warning: ${text}\n`);
  };
}

/** The default: each distinct warning printed once to the process's standard error. */
export const defaultWarningHandler: WarningHandler = deduplicatingWarningHandler((line) => process.stderr.write(line));

/**
 * Parses Warning header values: `code SP agent SP "quoted text" [SP "date"]`, several per
 * value separated by commas. A malformed value ends its parse; what came before it is kept.
 */
export function parseWarningHeaders(values: readonly string[]): Warning[] {
  const out: Warning[] = [];
  for (const value of values) {
    let rest = value;
    for (;;) {
      rest = rest.replace(/^[\s,]+/, "");
      if (rest === "") break;
      const head = /^(\d{3}) +([^\s"]+) +"/.exec(rest);
      if (head === null) break;
      const quoted = readQuoted(rest, head[0].length - 1);
      if (quoted === undefined) break;
      out.push({ code: Number(head[1]), agent: head[2]!, text: quoted.text });
      rest = rest.slice(quoted.end);
      // An optional quoted date follows.
      const date = /^ +"/.exec(rest);
      if (date !== null) {
        const d = readQuoted(rest, date[0].length - 1);
        if (d === undefined) break;
        rest = rest.slice(d.end);
      }
    }
  }
  return out;
}

/** Reads the quoted string starting at `start` (a `"`); backslash escapes the next character. */
function readQuoted(s: string, start: number): { text: string; end: number } | undefined {
  let text = "";
  for (let i = start + 1; i < s.length; i++) {
    const c = s[i]!;
    if (c === "\\" && i + 1 < s.length) text += s[++i];
    else if (c === '"') return { text, end: i + 1 };
    else text += c;
  }
  return undefined;
}

/** The Warning header values of a response, one per header line (Node joins repeated lines otherwise). */
export function warningHeaderValues(rawHeaders: readonly string[]): string[] {
  const values: string[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (rawHeaders[i]!.toLowerCase() === "warning") values.push(rawHeaders[i + 1]!);
  return values;
}
