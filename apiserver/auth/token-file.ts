/**
 * Static bearer tokens from kube-apiserver's `--token-auth-file`: a CSV file of
 * `token,user,uid,"group1,group2"` lines.
 */
import { readFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import type { AuthenticationResult, Authenticator } from "./authenticator.js";
import type { UserInfo } from "./user.js";

/** Splits CSV text into records: commas separate, double quotes group, `""` escapes a quote. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  let fieldStarted = false;
  const endField = (): void => {
    record.push(field);
    field = "";
    fieldStarted = false;
  };
  const endRecord = (): void => {
    endField();
    // Blank lines are skipped, as Go's csv reader does.
    if (!(record.length === 1 && record[0] === "")) records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (c === ",") endField();
    else if (c === "\n") endRecord();
    else if (c === "\r" && text[i + 1] === "\n") continue;
    else if ((c === " " || c === "\t") && !fieldStarted)
      continue; // leading space is trimmed
    else {
      field += c;
      fieldStarted = true;
    }
  }
  if (quoted) throw new Error('extraneous or missing " in quoted field');
  if (field !== "" || record.length > 0) endRecord();
  return records;
}

/** Reads the token file's records into a token -> user map; later duplicates win, as upstream. */
export function parseTokenFile(text: string, path = "token file"): Map<string, UserInfo> {
  const tokens = new Map<string, UserInfo>();
  for (const record of parseCsv(text)) {
    if (record.length < 3) {
      throw new Error(`token file '${path}' must have at least 3 columns (token, user name, user uid), found ${record.length}`);
    }
    const [token, name, uid, groups] = record as [string, string, string, string | undefined];
    if (token === "") continue;
    tokens.set(token, { name, uid, groups: groups === undefined ? [] : groups.split(",") });
  }
  return tokens;
}

/** The bearer token of an `Authorization: Bearer <token>` header, or undefined when none. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const parts = header.trim().split(" ");
  if (parts.length < 2 || parts[0]!.toLowerCase() !== "bearer") return undefined;
  return parts[1]!;
}

/** Authenticates bearer tokens against a static table; an unknown token is a 401. */
export class TokenFileAuthenticator implements Authenticator {
  constructor(private readonly tokens: ReadonlyMap<string, UserInfo>) {}

  static fromFile(path: string): TokenFileAuthenticator {
    return new TokenFileAuthenticator(parseTokenFile(readFileSync(path, "utf8"), path));
  }

  authenticate(req: IncomingMessage): AuthenticationResult {
    const token = bearerToken(req);
    if (token === undefined) return undefined;
    const user = token === "" ? undefined : this.tokens.get(token);
    if (!user) return { error: "invalid bearer token" };
    return { user: { ...user, groups: [...user.groups] } };
  }
}
