/**
 * A resource.Quantity as upstream's field errors print one they got by pointer: the pointer is
 * dereferenced, and a Quantity value is no fmt.Stringer (String has a pointer receiver), so Go
 * prints the struct with %#v. The struct is what resource.ParseQuantity built from the request's
 * text: an int64 amount and a scale on its fast path (the text kept when it is canonical), a
 * big decimal pointer on the slow one. HPA metric targets print this way.
 */
import { GO_ADDRESS, GoSyntax } from "./field.js";

type Format = "DecimalSI" | "BinarySI" | "DecimalExponent";

const DECIMAL_SUFFIXES: Readonly<Record<string, number>> = { n: -9, u: -6, m: -3, "": 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const BINARY_SUFFIXES: Readonly<Record<string, number>> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
/** Go's maxInt64Factors: decimal digits an int64 always holds. */
const MAX_INT64_FACTORS = 18;
const NANO = -9;
const INT64_MAX = 2n ** 63n - 1n;

/** The suffix's base-10 or base-2 exponent and the format it implies (upstream's quantitySuffixer). */
function interpret(suffix: string): { exponent: number; format: Format } | undefined {
  if (suffix in DECIMAL_SUFFIXES) return { exponent: DECIMAL_SUFFIXES[suffix]!, format: "DecimalSI" };
  if (suffix in BINARY_SUFFIXES) return { exponent: BINARY_SUFFIXES[suffix]!, format: "BinarySI" };
  const m = /^[eE]([+-]?\d+)$/.exec(suffix);
  return m ? { exponent: Number(m[1]), format: "DecimalExponent" } : undefined;
}

function struct(value: bigint, scale: number, dec: string, s: string, format: Format): GoSyntax {
  return new GoSyntax(
    `resource.Quantity{i:resource.int64Amount{value:${value}, scale:${scale}}, d:resource.infDecAmount{Dec:(*inf.Dec)(${dec})}, s:${JSON.stringify(s)}, Format:"${format}"}`,
  );
}

/** The %#v text of the Quantity Go parses from `text` (a valid quantity string). */
export function goQuantitySyntax(text: string): GoSyntax {
  if (text === "0") return struct(0n, 0, "nil", "0", "DecimalSI");
  const m = /^([+-]?)0*(\d*)(?:\.(\d*))?(.*)$/.exec(text);
  const negative = m?.[1] === "-";
  const num = m?.[2] || "0";
  const denom = m?.[3] ?? "";
  const rule = interpret(m?.[4] ?? "");
  const format = rule?.format ?? "DecimalSI";
  const exponent = rule?.exponent ?? 0;
  let precision: number;
  let scale = 0;
  let mantissa = 1n;
  if (format === "BinarySI") {
    if (exponent >= 0 && denom === "") {
      mantissa = 1n << BigInt(exponent);
      precision = 15 - num.length - Math.trunc((exponent * 3) / 10) - 1;
    } else precision = -1;
  } else {
    scale = exponent;
    precision = MAX_INT64_FACTORS - (num.length + denom.length);
  }
  if (precision >= 0) {
    scale -= denom.length;
    if (scale >= NANO) {
      const shifted = num + denom;
      const value = BigInt(shifted);
      const product = value * mantissa;
      if (product <= INT64_MAX) {
        const result = negative ? -product : product;
        const canonical =
          format === "BinarySI"
            ? exponent % 10 === 0 && (value & 7n) !== 0n
            : scale % 3 === 0 && !shifted.endsWith("000") && shifted[0] !== "0";
        return struct(result, scale, "nil", canonical ? text : "", format);
      }
    }
  }
  return struct(0n, 0, GO_ADDRESS, "", format);
}
