/**
 * The controller-manager's descriptor registry (upstream's start-up checks: duplicate names and
 * aliases are refused, naming the culprit) and `--controllers` selection (`*`, `name`, `-name`,
 * aliases, disabled-by-default controllers, unknown names).
 */
import { describe, expect, it } from "vitest";
import { newBuiltinControllerRegistry } from "../../controllers/controller-manager/builtin.js";
import { ControllerManager } from "../../controllers/controller-manager/controller-manager.js";
import { newControllerRegistry, type ControllerDescriptor, type InitFunc } from "../../controllers/controller/descriptors.js";
import {
  enabledControllers,
  isControllerEnabled,
  parseControllersFlag,
  validateControllers,
} from "../../controllers/controller-manager/selection.js";

const init: InitFunc = async () => ({ enabled: true });
const d = (name: string, aliases: string[] = [], extra: Partial<ControllerDescriptor> = {}): ControllerDescriptor => ({
  name,
  aliases,
  initFunc: init,
  ...extra,
});

describe("controller descriptor registry", () => {
  it("registers names and aliases", () => {
    const r = newControllerRegistry([d("namespace-controller", ["namespace"]), d("serviceaccount-controller", ["serviceaccount"])]);
    expect([...r.descriptors.keys()]).toEqual(["namespace-controller", "serviceaccount-controller"]);
    expect(r.aliases.get("namespace")).toBe("namespace-controller");
  });

  it("refuses a name registered twice", () => {
    expect(() => newControllerRegistry([d("namespace-controller"), d("namespace-controller")])).toThrow(
      'controller name "namespace-controller" was registered twice',
    );
  });

  it("refuses an alias used by two controllers", () => {
    expect(() => newControllerRegistry([d("a-controller", ["x"]), d("b-controller", ["x"])])).toThrow(
      'controller "b-controller" has a duplicate alias "x"',
    );
  });

  it("refuses an alias equal to a controller name", () => {
    expect(() => newControllerRegistry([d("a-controller", ["b-controller"]), d("b-controller")])).toThrow(
      'alias "b-controller" conflicts with a controller name',
    );
  });

  it("refuses nameless, missing and init-less descriptors", () => {
    expect(() => newControllerRegistry([undefined])).toThrow("received nil controller for a registration");
    expect(() => newControllerRegistry([d("")])).toThrow("received controller without a name for a registration");
    expect(() => newControllerRegistry([{ name: "x" } as ControllerDescriptor])).toThrow('controller "x" does not have an init function');
  });

  it("the built-in registry holds the namespace controller under its alias", () => {
    const r = newBuiltinControllerRegistry();
    expect(r.descriptors.has("namespace-controller")).toBe(true);
    expect(r.aliases.get("namespace")).toBe("namespace-controller");
  });
});

describe("--controllers", () => {
  const registry = newControllerRegistry([
    d("namespace-controller", ["namespace"]),
    d("serviceaccount-controller", ["serviceaccount"]),
    d("bootstrap-signer-controller", ["bootstrapsigner"], { isDisabledByDefault: true }),
  ]);

  it("parses the comma-separated list", () => {
    expect(parseControllersFlag("*, -namespace,,bootstrapsigner")).toEqual(["*", "-namespace", "bootstrapsigner"]);
  });

  it("* enables every on-by-default controller", () => {
    expect(enabledControllers(["*"], registry)).toEqual(["namespace-controller", "serviceaccount-controller"]);
  });

  it("-name disables, by name or alias", () => {
    expect(enabledControllers(["*", "-namespace-controller"], registry)).toEqual(["serviceaccount-controller"]);
    expect(enabledControllers(["*", "-namespace"], registry)).toEqual(["serviceaccount-controller"]);
  });

  it("name enables, even a disabled-by-default controller; without * nothing else runs", () => {
    expect(enabledControllers(["bootstrapsigner"], registry)).toEqual(["bootstrap-signer-controller"]);
    expect(enabledControllers(["*", "bootstrap-signer-controller"], registry)).toEqual([
      "namespace-controller",
      "serviceaccount-controller",
      "bootstrap-signer-controller",
    ]);
    expect(enabledControllers(["namespace"], registry)).toEqual(["namespace-controller"]);
  });

  it("the first entry naming a controller decides", () => {
    expect(isControllerEnabled("a", new Set(), ["-a", "a", "*"])).toBe(false);
    expect(isControllerEnabled("a", new Set(), ["a", "-a"])).toBe(true);
    expect(isControllerEnabled("a", new Set(["a"]), ["*"])).toBe(false);
    expect(isControllerEnabled("a", new Set(), [])).toBe(false);
  });

  it("unknown names are refused with upstream's message", () => {
    expect(validateControllers(["*", "-nope", "bogus", "namespace"], registry)).toEqual([
      '"nope" is not in the list of known controllers',
      '"bogus" is not in the list of known controllers',
    ]);
    expect(() => enabledControllers(["bogus"], registry)).toThrow('--controllers: "bogus" is not in the list of known controllers');
    expect(() => new ControllerManager({ restConfig: { server: "https://127.0.0.1:1" }, controllers: ["bogus"] })).toThrow(
      '"bogus" is not in the list of known controllers',
    );
  });
});
