/** resource.Quantity's syntax, shared by the amount parser and validation's exact arithmetic. */
import { describe, expect, it } from "vitest";
import { parseQuantity, quantityParts } from "../../runtime/quantity.js";
import { canonicalQuantity, isWholeQuantity, quantitySign } from "../../apiserver/registry/validation/quantity-text.js";

describe("Quantity syntax", () => {
  it("splits sign, whole, fraction and suffix; either digit run may be empty, not both", () => {
    expect(quantityParts("-1.5Gi")).toEqual({ negative: true, whole: "1", fraction: "5", suffix: "Gi" });
    expect(quantityParts(".5")).toEqual({ negative: false, whole: "", fraction: "5", suffix: "" });
    expect(quantityParts("+3.")).toEqual({ negative: false, whole: "3", fraction: "", suffix: "" });
    expect(quantityParts("2e-3")).toEqual({ negative: false, whole: "2", fraction: "", suffix: "e-3" });
    for (const bad of ["", ".", "-", "1 ", " 1", "1.2.3", "1Kb", "Mi"]) expect(quantityParts(bad), bad).toBeUndefined();
  });

  it("gives amounts as doubles and exact answers where rules need them", () => {
    expect(parseQuantity("250m")).toBe(0.25);
    expect(parseQuantity("-.5")).toBe(-0.5);
    expect(parseQuantity("1Gi")).toBe(2 ** 30);
    expect(parseQuantity("1e3")).toBe(1000);
    expect(parseQuantity("1.")).toBe(1);
    expect(parseQuantity(" 1")).toBeUndefined();
    expect(canonicalQuantity("1.5")).toBe("1500m");
    expect(canonicalQuantity("1024Mi")).toBe("1Gi");
    expect(isWholeQuantity("1500m")).toBe(false);
    expect(isWholeQuantity("2k")).toBe(true);
    expect(quantitySign("-0.0")).toBe(0);
    expect(quantitySign("-1m")).toBe(-1);
  });
});
