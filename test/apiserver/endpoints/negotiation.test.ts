import { describe, expect, it } from "vitest";
import {
  defaultRestrictions,
  negotiateInput,
  negotiateOutput,
  parseAccept,
  parseMediaType,
} from "../../../apiserver/endpoints/negotiation.js";
import { resourceRestrictions } from "../../../apiserver/endpoints/responses.js";
import { wantsAggregated } from "../../../apiserver/endpoints/discovery/handlers.js";
import { isNotAcceptable, isUnsupportedMediaType } from "../../../runtime/rest/errors.js";

describe("negotiation", () => {
  it("orders media ranges by q, then specificity", () => {
    expect(parseAccept("*/*;q=0.5, application/yaml, application/json;q=0.9").map((m) => `${m.type}/${m.subtype}`)).toEqual([
      "application/yaml",
      "application/json",
      "*/*",
    ]);
  });

  it("picks JSON by default and honours protobuf and YAML", () => {
    expect(negotiateOutput(undefined, resourceRestrictions).format).toBe("json");
    expect(negotiateOutput("application/vnd.kubernetes.protobuf, application/json", resourceRestrictions).format).toBe("protobuf");
    expect(negotiateOutput("application/yaml", resourceRestrictions).contentType).toBe("application/yaml");
    expect(negotiateOutput("*/*", resourceRestrictions).format).toBe("json");
  });

  it("reads kubectl's Table accept header", () => {
    const m = negotiateOutput(
      "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json",
      resourceRestrictions,
    );
    expect(m.convert).toEqual({ kind: "Table", group: "meta.k8s.io", version: "v1" });
  });

  it("skips Table in protobuf and unknown conversions, falling through to the next clause", () => {
    const m = negotiateOutput(
      "application/vnd.kubernetes.protobuf;as=Table;v=v1;g=meta.k8s.io, application/json;as=Foo;g=x;v=v1, application/json",
      resourceRestrictions,
    );
    expect(m.format).toBe("json");
    expect(m.convert).toBeUndefined();
  });

  it("answers 406 when nothing is acceptable, and for YAML watches", () => {
    expect(() => negotiateOutput("text/html", resourceRestrictions)).toThrow(
      /only the following media types are accepted: application\/json, application\/yaml, application\/vnd.kubernetes.protobuf/,
    );
    try {
      negotiateOutput("application/yaml", resourceRestrictions, true);
      expect.unreachable();
    } catch (err) {
      expect(isNotAcceptable(err)).toBe(true);
    }
  });

  it("maps content types to decoders, 415 otherwise", () => {
    expect(negotiateInput(undefined)).toBe("json");
    expect(negotiateInput("application/json; charset=utf-8")).toBe("json");
    expect(negotiateInput("application/yaml")).toBe("yaml");
    expect(negotiateInput("application/vnd.kubernetes.protobuf")).toBe("protobuf");
    try {
      negotiateInput("text/plain");
      expect.unreachable();
    } catch (err) {
      expect(isUnsupportedMediaType(err)).toBe(true);
    }
  });

  it("parses Content-Type as Go's mime.ParseMediaType", () => {
    expect(parseMediaType("Application/JSON; Charset=UTF-8")).toEqual({ mediaType: "application/json", params: { charset: "UTF-8" } });
    expect(parseMediaType('application/json;a="x;y" ; b = z;')).toEqual({ mediaType: "application/json", params: { a: "x;y", b: "z" } });
    expect(parseMediaType("application/json;a=x;a=x")).toEqual({ mediaType: "application/json", params: { a: "x" } });
    expect(parseMediaType('application/json;a=""')).toEqual({ mediaType: "application/json", params: { a: "" } });
    for (const bad of [
      ";;;/==",
      "",
      " ",
      "/json",
      "application/",
      "application/json/x",
      "application json",
      "application/json;;",
      "application/json;a",
      "application/json;a=",
      "application/json;=b",
      'application/json;a="open',
      "application/json;a=x;a=y",
      "appli(cation/json",
    ]) {
      expect(parseMediaType(bad), bad).toBeUndefined();
    }
  });

  it("answers a malformed Content-Type with 415, as an unsupported one", () => {
    for (const bad of [";;;/==", "application/json;;", "application/json/x", "application/json;a", "text/plain"]) {
      try {
        negotiateInput(bad);
        expect.unreachable(bad);
      } catch (err) {
        expect(isUnsupportedMediaType(err), bad).toBe(true);
        expect((err as Error).message).toBe(
          "the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf",
        );
      }
    }
    expect(negotiateInput("")).toBe("json");
    expect(negotiateInput("application/json;")).toBe("json");
    expect(negotiateInput(" application/YAML ")).toBe("yaml");
  });

  it("recognises aggregated discovery requests", () => {
    expect(
      wantsAggregated(
        "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json",
      ),
    ).toBe("v2");
    expect(wantsAggregated("application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList")).toBe("v2beta1");
    expect(wantsAggregated("application/json")).toBeUndefined();
    expect(wantsAggregated(undefined)).toBeUndefined();
  });

  it("gives the same answer to an Accept header seen before, shared and unchangeable", () => {
    const first = negotiateOutput("application/json;as=Table;v=v1;g=meta.k8s.io, application/json", resourceRestrictions);
    const again = negotiateOutput("application/json;as=Table;v=v1;g=meta.k8s.io, application/json", resourceRestrictions);
    expect(again).toBe(first);
    expect(first).toEqual({
      format: "json",
      contentType: "application/json",
      pretty: false,
      convert: { kind: "Table", version: "v1", group: "meta.k8s.io" },
    });
    expect(Object.isFrozen(first) && Object.isFrozen(first.convert)).toBe(true);
    // Streams and other endpoints negotiate on their own.
    expect(negotiateOutput("application/yaml", resourceRestrictions).format).toBe("yaml");
    expect(() => negotiateOutput("application/yaml", resourceRestrictions, true)).toThrow();
    expect(() => negotiateOutput("application/json;as=Table;v=v1;g=meta.k8s.io", defaultRestrictions)).toThrow();
  });
});
