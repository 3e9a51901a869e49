/**
 * What Go's net/http does in front of kube-apiserver and Node's HTTP server does differently:
 * answers for requests the parser rejects (Node's `clientError`) with a status line and a body
 * instead of a silently dropped connection, the requests Go refuses that Node's parser lets
 * through, and the header deadline of a connection's first request.
 */
import type { Duplex } from "node:stream";
import { newMethodNotAllowed } from "../endpoints/status.js";

/** Go's DefaultMaxHeaderBytes, which kube-apiserver serves with. */
export const MAX_HEADER_BYTES = 1 << 20;
/** Go reads this much past the limit before it gives up on a request's headers. */
const GO_HEADER_SLACK = 4096;
/** Node's limit that matches Go's: the request line and headers together. */
export const NODE_MAX_HEADER_SIZE = MAX_HEADER_BYTES + GO_HEADER_SLACK;

/** kube-apiserver's request header read timeout (Go's ReadHeaderTimeout there). */
export const REQUEST_HEADER_TIMEOUT_MS = 32_000;

/** What Node's HTTP parser attaches to its errors. */
export type ParserError = Error & { code?: string; reason?: string; rawPacket?: Buffer };

/** How long a rejected client gets to read the answer before the connection closes (Go waits 500 ms). */
const LINGER_MS = 500;

const TEXT_HEADERS = "Content-Type: text/plain; charset=utf-8\r\nConnection: close\r\n";

function textResponse(code: number, reason: string, body = `${code} ${reason}`): string {
  return `HTTP/1.1 ${code} ${reason}\r\n${TEXT_HEADERS}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** Go's method token characters. */
const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
/** A request line Go would read: method, a target without spaces, an HTTP/1.x version. */
const REQUEST_LINE = new RegExp(`^${TOKEN} [^ ]+ HTTP/1\\.\\d$`);
/** The start of one, when the packet ends inside it. */
const REQUEST_LINE_START = new RegExp(`^${TOKEN} `);

/**
 * Node's parser knows a fixed set of methods and calls anything else an invalid method. Go
 * reads any token as a method (kube-apiserver then has no route for it: 405), but a line that
 * is not a request line at all is its 400 "malformed HTTP request".
 */
function isWellFormedRequestLine(packet: Buffer | undefined): boolean {
  if (!packet) return false;
  const text = packet.subarray(0, 8192).toString("latin1");
  const eol = text.indexOf("\n");
  if (eol < 0) return REQUEST_LINE_START.test(text);
  return REQUEST_LINE.test(text.slice(0, eol).replace(/\r$/, ""));
}

/**
 * A method the parser does not know reaches no route upstream: go-restful's 405, which
 * kube-apiserver words as a generic MethodNotAllowed Status.
 */
export function methodNotAllowed(): string {
  const body = JSON.stringify(newMethodNotAllowed().status);
  return `HTTP/1.1 405 Method Not Allowed\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The raw answer for a parser error, or undefined when there is nobody to answer (the peer left). */
export function clientErrorResponse(err: ParserError): string | undefined {
  const code = err.code ?? "";
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return textResponse(431, "Request Header Fields Too Large");
    case "HPE_INVALID_METHOD":
      return isWellFormedRequestLine(err.rawPacket) ? methodNotAllowed() : textResponse(400, "Bad Request");
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return textResponse(408, "Request Timeout");
    case "HPE_INVALID_TRANSFER_ENCODING":
      // Content-Length beside Transfer-Encoding (Go would drop the length; Node's parser
      // refuses the request as a smuggling attempt): a malformed request.
      if (/content-length/i.test(err.reason ?? err.message)) return textResponse(400, "Bad Request");
      // Go: a transfer coding it does not implement is a 501, without echoing it back.
      return textResponse(501, "Not Implemented", "Unsupported transfer encoding");
    default:
      // Every other parse error (request line, header syntax, chunking, Content-Length) is
      // Go's plain 400; network errors get no answer, as in Go.
      return code.startsWith("HPE_") ? textResponse(400, "Bad Request") : undefined;
  }
}

const answered = new WeakSet<Duplex>();

/**
 * The `clientError` listener: writes the answer when nothing of a response went out on the
 * socket yet, half-closes, and lets the peer read it before the connection is destroyed.
 */
export function onClientError(err: ParserError, socket: Duplex): void {
  // The parser reports its error again for every later chunk: answer once.
  if (answered.has(socket)) return;
  answered.add(socket);
  // Node's own listener looks at the same field: a response already under way must not be corrupted.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  const response = socket.writable && !inFlight?.headersSent ? clientErrorResponse(err) : undefined;
  if (response === undefined) {
    socket.destroy();
    return;
  }
  answerAndClose(socket, response);
}

/** Writes a raw answer, half-closes, and destroys the socket once the peer had time to read it. */
export function answerAndClose(socket: Duplex, response: string): void {
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
  // Whatever the client still sends is read and dropped: unread input would turn the close into a reset.
  socket.on("data", () => undefined);
  socket.resume();
  socket.end(response);
}

/**
 * Requests the parser passes that Go refuses before any handler: HTTP/0.9, a target that is
 * neither a path nor an absolute URL, a broken escape in the path, an HTTP version other than
 * 1.x, HTTP/1.1 without a Host header. Returns the reason phrase of the 400 (its body is
 * `400 <reason>`), or undefined for a request to serve.
 */
export function protocolError(req: {
  httpVersionMajor: number;
  httpVersionMinor: number;
  headers: { host?: string | undefined };
  url?: string | undefined;
}): string | undefined {
  // Node takes a request line without a version as HTTP/0.9; Go calls it malformed.
  if (req.httpVersionMajor === 0) return "Bad Request";
  // Go's ParseRequestURI: a path, `*`, or an absolute URL; Node would resolve `api` as `/api`.
  const target = req.url ?? "";
  if (!target.startsWith("/") && target !== "*" && !/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return "Bad Request";
  // Go unescapes the path while parsing (the query only later): a broken escape there is a 400.
  const query = target.indexOf("?");
  if (target.includes("%") && /%(?![0-9a-f]{2})/i.test(query < 0 ? target : target.slice(0, query))) return "Bad Request";
  if (req.httpVersionMajor !== 1) return "Bad Request: unsupported protocol version";
  if (req.httpVersionMinor === 1 && req.headers.host === undefined) return "Bad Request: missing required Host header";
  return undefined;
}

const firstRequestTimers = new WeakMap<Duplex, NodeJS.Timeout>();

/**
 * Node times a request's headers from their first byte, and a new connection that sends
 * nothing is never timed at all. Go's header deadline for a connection's first request starts
 * when the connection does: a connection without a request by then is answered 408 and closed.
 */
export function startFirstRequestDeadline(socket: Duplex, timeoutMs: number): void {
  const timer = setTimeout(
    () => onClientError(Object.assign(new Error("no request headers in time"), { code: "ERR_HTTP_REQUEST_TIMEOUT" }), socket),
    timeoutMs,
  );
  timer.unref();
  firstRequestTimers.set(socket, timer);
  socket.once("close", () => clearTimeout(timer));
}

/** The connection's first request arrived: later ones are timed by Node's headersTimeout and keepAliveTimeout. */
export function firstRequestArrived(socket: Duplex): void {
  const timer = firstRequestTimers.get(socket);
  if (timer === undefined) return;
  clearTimeout(timer);
  firstRequestTimers.delete(socket);
}
