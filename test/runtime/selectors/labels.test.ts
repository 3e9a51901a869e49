/**
 * Label selectors: parse, match, print and validate, on the cases of upstream's
 * pkg/labels/selector_test.go, plus a round-trip property.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  InvalidSelectorError,
  LabelRequirement,
  LabelsSelector,
  labelSelectorAsSelector,
  lexLabelSelector,
  parseLabelSelector,
  type LabelOperator,
  type Labels,
} from "../../../runtime/selectors/index.js";

const req = (key: string, op: LabelOperator, values: string[] = []) => LabelRequirement.create(key, op, values);
const sel = (...reqs: LabelRequirement[]) => LabelsSelector.everything().add(...reqs);

describe("parse and print", () => {
  it.each(["x=a,y=b,z=c", "", "x!=a,y=b", "x=", "x= ", "x=,z= ", "x= ,z= ", "!x", "x>1", "x>1,z<5"])("%j re-prints without spaces", (s) => {
    expect(parseLabelSelector(s).toString()).toBe(s.replaceAll(" ", ""));
  });

  it.each([
    "x=a||y=b",
    "x==a==b",
    "!x=a",
    "x<a",
    "x,,y",
    ",x,y",
    "x nott in (y)",
    "a in (xyz),",
    "a in (xyz)b notin ()",
    "a in (xyz abc)",
    "a notin(",
    "a (",
    "(",
  ])("%j is rejected", (s) => {
    expect(() => parseLabelSelector(s)).toThrow(InvalidSelectorError);
  });

  it("is deterministic: requirements sort by key", () => {
    expect(parseLabelSelector("x=a,a=x").toString()).toBe(parseLabelSelector("a=x,x=a").toString());
    expect(parseLabelSelector("x=a,a=x").toString()).toBe("a=x,x=a");
  });

  const parsed: Array<[string, LabelsSelector]> = [
    ["", LabelsSelector.everything()],
    ["\rx", sel(req("x", "exists"))],
    ["this-is-a-dns.domain.com/key-with-dash", sel(req("this-is-a-dns.domain.com/key-with-dash", "exists"))],
    [
      "this-is-another-dns.domain.com/key-with-dash in (so,what)",
      sel(req("this-is-another-dns.domain.com/key-with-dash", "in", ["so", "what"])),
    ],
    ["0.1.2.domain/99 notin (10.10.100.1, tick.tack.clock)", sel(req("0.1.2.domain/99", "notin", ["10.10.100.1", "tick.tack.clock"]))],
    ["foo  in\t (abc)", sel(req("foo", "in", ["abc"]))],
    ["x notin\n (abc)", sel(req("x", "notin", ["abc"]))],
    ["x  notin\t\t\t(abc,def)", sel(req("x", "notin", ["abc", "def"]))],
    ["x in (abc,def)", sel(req("x", "in", ["abc", "def"]))],
    ["x in (abc,)", sel(req("x", "in", ["", "abc"]))],
    ["x in ()", sel(req("x", "in", [""]))],
    [
      "x notin (abc,,def),bar,z in (),w",
      sel(req("bar", "exists"), req("w", "exists"), req("x", "notin", ["", "abc", "def"]), req("z", "in", [""])),
    ],
    ["x=a", sel(req("x", "=", ["a"]))],
    ["x>1", sel(req("x", "gt", ["1"]))],
    ["x<7", sel(req("x", "lt", ["7"]))],
    ["x=a,y!=b", sel(req("x", "=", ["a"]), req("y", "!=", ["b"]))],
    ["x=a,y!=b,z in (h,i,j)", sel(req("x", "=", ["a"]), req("y", "!=", ["b"]), req("z", "in", ["h", "i", "j"]))],
    ["x notin ( )", sel(req("x", "notin", [""]))],
    ["x notin (, a)", sel(req("x", "notin", ["", "a"]))],
    ["a ", sel(req("a", "exists"))],
    ["a in (x,y,notin, z,in)", sel(req("a", "in", ["in", "notin", "x", "y", "z"]))],
  ];
  it.each(parsed)("%j parses to its requirements", (s, want) => {
    const got = parseLabelSelector(s);
    expect(got.equals(want), `${got.toString()} vs ${want.toString()}`).toBe(true);
  });

  it("prints requirements as upstream's String does", () => {
    expect(sel(req("x", "in", ["abc", "def"]), req("y", "notin", ["jkl"]), req("z", "exists")).toString()).toBe(
      "x in (abc,def),y notin (jkl),z",
    );
    expect(sel(req("x", "notin", ["abc", "def"]), req("y", "!=", ["jkl"]), req("z", "!")).toString()).toBe("x notin (abc,def),y!=jkl,!z");
    expect(sel(req("x", "notin", ["abc"]), req("y", "in", ["jkl", "mno"]), req("z", "notin", [""])).toString()).toBe(
      "x notin (abc),y in (jkl,mno),z notin ()",
    );
    expect(sel(req("x", "=", ["abc"]), req("y", "==", ["jkl"]), req("z", "!=", ["a"]), req("z", "exists")).toString()).toBe(
      "x=abc,y==jkl,z!=a,z",
    );
    expect(sel(req("x", "gt", ["2"]), req("y", "lt", ["8"]), req("z", "exists")).toString()).toBe("x>2,y<8,z");
    expect(req("x", "in", ["b", "a"]).toString()).toBe("x in (a,b)");
  });

  it("lexes the longest token", () => {
    const kinds = (s: string) => lexLabelSelector(s).map((t) => t.token);
    expect(kinds("== != (), = notin")).toEqual(["doubleEquals", "notEquals", "openPar", "closePar", "comma", "equals", "notIn", "end"]);
    expect(kinds("key>2")).toEqual(["identifier", "greaterThan", "identifier", "end"]);
    expect(lexLabelSelector("||")[0]).toEqual({ token: "identifier", literal: "||" });
    expect(lexLabelSelector("~")[0]).toEqual({ token: "identifier", literal: "~" });
  });
});

describe("error messages", () => {
  const cases: Array<[string, string]> = [
    [
      "x=a||y=b",
      "unable to parse requirement: values[0][x]: Invalid value: \"a||y\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ],
    ["x==a==b", "found '==', expected: ',' or 'end of string'"],
    ["!x=a", "found '=', expected: ',' or 'end of string'"],
    [",x", "found ',', expected: !, identifier, or 'end of string'"],
    ["x,,y", "found ',', expected: identifier after ','"],
    ["x nott in (y)", "unable to parse requirement: found 'nott', expected: in, notin, =, ==, !=, gt, lt"],
    ["a notin(", "unable to parse requirement: found '', expected: ',', ')' or identifier"],
    ["a in (xyz abc)", "unable to parse requirement: found 'abc', expected: ',' or ')'"],
    ["a in xyz", "unable to parse requirement: found 'xyz' expected: '('"],
    ["x<a", "unable to parse requirement: values[0]: Invalid value: \"a\": for 'Gt', 'Lt' operators, the value must be an integer"],
    [
      "a/b/c",
      "unable to parse requirement: <nil>: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ],
    [
      "x>99999999999999999999",
      "unable to parse requirement: values[0]: Invalid value: \"99999999999999999999\": for 'Gt', 'Lt' operators, the value must be an integer",
    ],
  ];
  it.each(cases)("%j", (s, message) => {
    expect(() => parseLabelSelector(s)).toThrow(message);
    try {
      parseLabelSelector(s);
    } catch (err) {
      expect((err as Error).message).toBe(message);
    }
  });

  it("validates requirements as upstream's NewRequirement", () => {
    const msg = (f: () => unknown) => {
      try {
        f();
        return "";
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(msg(() => req("x1", "in"))).toBe("values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty");
    expect(msg(() => req("x5", "=", ["bar", "foo"]))).toBe(
      'values: Invalid value: ["bar","foo"]: exact-match compatibility requires one single value',
    );
    expect(msg(() => req("x8", "exists", ["foo"]))).toBe(
      'values: Invalid value: ["foo"]: values set must be empty for exists and does not exist',
    );
    expect(msg(() => req("x13", "gt"))).toBe("values: Invalid value: []: for 'Gt', 'Lt' operators, exactly one value is required");
    expect(msg(() => req("x14", "gt", ["bar"]))).toBe(
      "values[0]: Invalid value: \"bar\": for 'Gt', 'Lt' operators, the value must be an integer",
    );
    expect(msg(() => req("a".repeat(254), "exists"))).toMatch(
      /^key: Invalid value: "a{254}": name part must be no more than 63 characters$/,
    );
    expect(msg(() => req("x16", "=", ["a".repeat(254)]))).toMatch(
      /^values\[0\]\[x16\]: Invalid value: "a{254}": must be no more than 63 characters$/,
    );
    expect(msg(() => req("x17", "=", ["a b"]))).toMatch(/^values\[0\]\[x17\]: Invalid value: "a b": a valid label/);
    expect(msg(() => req("x18", "unsupportedOp" as LabelOperator))).toBe(
      'operator: Unsupported value: "unsupportedOp": supported values: "in", "notin", "=", "==", "!=", "gt", "lt", "exists", "!"',
    );
    expect(msg(() => req("x", "gt", ["-1"]))).toMatch(/^values\[0\]\[x\]: Invalid value: "-1": a valid label/);
    expect(msg(() => req("/a", "exists"))).toMatch(/^key: Invalid value: "\/a": prefix part must be non-empty$/);
    // Several problems aggregate in brackets.
    expect(msg(() => req("Bad_Prefix/a", "in", ["x y"]))).toMatch(
      /^\[key: Invalid value: "Bad_Prefix\/a": prefix part a lowercase RFC 1123 subdomain .*, values\[0\]\[Bad_Prefix\/a\]: Invalid value: "x y": .*\]$/,
    );
    for (const [k, op, vs] of [
      ["x3", "in", ["foo"]],
      ["x6", "exists", []],
      ["x7", "!", []],
      ["x11", "gt", ["1"]],
      ["x12", "lt", ["6"]],
    ] as const) {
      expect(msg(() => req(k, op, [...vs]))).toBe("");
    }
  });
});

describe("matching", () => {
  const cases: Array<[string, Labels, boolean]> = [
    ["", { x: "y" }, true],
    ["x=y", { x: "y" }, true],
    ["x=y,z=w", { x: "y", z: "w" }, true],
    ["x!=y,z!=w", { x: "z", z: "a" }, true],
    ["notin=in", { notin: "in" }, true],
    ["x", { x: "z" }, true],
    ["!x", { y: "z" }, true],
    ["x>1", { x: "2" }, true],
    ["x<1", { x: "0" }, true],
    ["x=z", {}, false],
    ["x=y", { x: "z" }, false],
    ["x=y,z=w", { x: "w", z: "w" }, false],
    ["x!=y,z!=w", { x: "z", z: "w" }, false],
    ["x", { y: "z" }, false],
    ["!x", { x: "z" }, false],
    ["x>1", { x: "0" }, false],
    ["x<1", { x: "2" }, false],
    ["z>1", { z: "v2" }, false],
    ["foo=bar,baz=blah", { foo: "bar", baz: "blah" }, true],
    ["foo=bar,foobar=bar,baz=blah", { foo: "bar", baz: "blah" }, false],
    ["x notin (),y", { y: "" }, true],
    ["!x,y", { y: "" }, true],
    ["x notin (),!y", { y: "" }, false],
    ["x in ()", { y: "baz" }, false],
    ["x=y", { toString: "y" }, false],
  ];
  it.each(cases)("%j on %j is %s", (s, labels, want) => {
    expect(parseLabelSelector(s).matches(labels)).toBe(want);
  });

  it("everything, nothing and sets", () => {
    expect(LabelsSelector.everything().matches({ x: "y" })).toBe(true);
    expect(LabelsSelector.everything().empty()).toBe(true);
    expect(LabelsSelector.nothing().matches({})).toBe(false);
    expect(LabelsSelector.nothing().empty()).toBe(false);
    expect(LabelsSelector.fromSet({ foo: "bar", baz: "blah" }).matches({ foo: "bar", baz: "blah", x: "y" })).toBe(true);
    expect(LabelsSelector.fromSet({}).matches({ foo: "bar" })).toBe(true);
    expect(LabelsSelector.fromSet(undefined).empty()).toBe(true);
    expect(LabelsSelector.fromSet({ app: "foo", a: "b" }).toString()).toBe("a=b,app=foo");
    expect(() => LabelsSelector.validatedFromSet({ Key: "axahm2EJ8Phiephe2eixohbee9eGeiyees1thuozi1xoh0GiuH3diewi8iem7Nui" })).toThrow(
      /^values\[0\]\[Key\]: Invalid value/,
    );
  });

  it("requiresExactMatch follows the first requirement on the key", () => {
    expect(sel(req("key", "in", ["value"])).requiresExactMatch("key")).toBe("value");
    expect(sel(req("key", "in", ["value", "value2"])).requiresExactMatch("key")).toBeUndefined();
    expect(sel(req("key", "in", ["value", "value1"]), req("key2", "in", ["value2"])).requiresExactMatch("key2")).toBe("value2");
    expect(sel(req("key", "=", ["value"])).requiresExactMatch("key")).toBe("value");
    expect(sel(req("key", "==", ["value"])).requiresExactMatch("key")).toBe("value");
    expect(sel(req("key", "!=", ["value"])).requiresExactMatch("key")).toBeUndefined();
  });

  it("add keeps key order", () => {
    const s = sel(req("key", "in", ["value"])).add(req("a", "=", ["b"]));
    expect(s.toString()).toBe("a=b,key in (value)");
  });
});

describe("labelSelectorAsSelector", () => {
  it("null matches nothing, empty matches everything", () => {
    expect(labelSelectorAsSelector(undefined).isNothing()).toBe(true);
    expect(labelSelectorAsSelector(null).matches({})).toBe(false);
    expect(labelSelectorAsSelector({}).empty()).toBe(true);
    expect(labelSelectorAsSelector({ matchLabels: {}, matchExpressions: [] }).matches({ a: "b" })).toBe(true);
  });

  it("converts matchLabels and matchExpressions", () => {
    const s = labelSelectorAsSelector({
      matchLabels: { foo: "bar", app: "web" },
      matchExpressions: [
        { key: "tier", operator: "In", values: ["front", "back"] },
        { key: "env", operator: "NotIn", values: ["dev"] },
        { key: "team", operator: "Exists" },
        { key: "legacy", operator: "DoesNotExist" },
      ],
    });
    expect(s.toString()).toBe("app=web,env notin (dev),foo=bar,!legacy,team,tier in (back,front)");
    expect(s.matches({ foo: "bar", app: "web", tier: "front", team: "a" })).toBe(true);
    expect(s.matches({ foo: "bar", app: "web", tier: "front", team: "a", legacy: "" })).toBe(false);
    expect(s.matches({ foo: "bar", app: "web", tier: "front", team: "a", env: "dev" })).toBe(false);
  });

  it("rejects unknown operators and invalid values", () => {
    expect(() => labelSelectorAsSelector({ matchExpressions: [{ key: "a", operator: "Gt", values: ["1"] }] })).toThrow(
      '"Gt" is not a valid label selector operator',
    );
    expect(() => labelSelectorAsSelector({ matchExpressions: [{ key: "a", operator: "In", values: [] }] })).toThrow(
      "values set can't be empty",
    );
    expect(() => labelSelectorAsSelector({ matchLabels: { "a b": "c" } })).toThrow(/^key: Invalid value: "a b"/);
  });
});

describe("round trip", () => {
  const name = fc.stringMatching(/^[A-Za-z0-9]([-A-Za-z0-9_.]{0,8}[A-Za-z0-9])?$/);
  const key = fc.oneof(
    name,
    fc.tuple(fc.stringMatching(/^[a-z0-9]([-a-z0-9]{0,5}[a-z0-9])?(\.[a-z0-9]{1,4}){0,2}$/), name).map(([p, n]) => `${p}/${n}`),
  );
  const value = fc.oneof(fc.constant(""), name);
  const sortedSet = (min: number) => fc.uniqueArray(value, { minLength: min, maxLength: 4 }).map((vs) => vs.sort());
  const requirement: fc.Arbitrary<LabelRequirement> = fc.oneof(
    fc.tuple(key, fc.constantFrom<LabelOperator>("=", "==", "!="), value).map(([k, op, v]) => req(k, op, [v])),
    fc.tuple(key, fc.constantFrom<LabelOperator>("in", "notin"), sortedSet(1)).map(([k, op, vs]) => req(k, op, vs)),
    fc.tuple(key, fc.constantFrom<LabelOperator>("exists", "!")).map(([k, op]) => req(k, op)),
    fc
      .tuple(key, fc.constantFrom<LabelOperator>("gt", "lt"), fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }))
      .map(([k, op, n]) => req(k, op, [n.toString()])),
  );
  const selector = fc.array(requirement, { maxLength: 6 }).map((rs) => sel(...rs));

  it("parse(s.toString()) equals s", () => {
    fc.assert(
      fc.property(selector, (s) => {
        const again = parseLabelSelector(s.toString());
        expect(again.equals(s), `${s.toString()} -> ${again.toString()}`).toBe(true);
        expect(again.toString()).toBe(s.toString());
      }),
      { numRuns: 500 },
    );
  });

  it("parsed and original selectors agree on random label sets", () => {
    const labels = fc.dictionary(fc.constantFrom("a", "b", "x", "app", "x.io/a"), value, { maxKeys: 4 });
    fc.assert(
      fc.property(selector, labels, (s, ls) => {
        expect(parseLabelSelector(s.toString()).matches(ls)).toBe(s.matches(ls));
      }),
      { numRuns: 300 },
    );
  });
});
