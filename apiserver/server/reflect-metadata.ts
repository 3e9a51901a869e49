/**
 * The few Reflect metadata functions tsyringe (pulled in by @peculiar/x509) insists on, so
 * that no reflect-metadata package is needed. Imported for its side effect, before x509.
 */
type MetadataMap = Map<unknown, unknown>;

const store = new WeakMap<object, Map<string | symbol | undefined, MetadataMap>>();

function own(target: object, property: string | symbol | undefined, create: boolean): MetadataMap | undefined {
  let byProperty = store.get(target);
  if (!byProperty) {
    if (!create) return undefined;
    byProperty = new Map();
    store.set(target, byProperty);
  }
  let map = byProperty.get(property);
  if (!map && create) {
    map = new Map();
    byProperty.set(property, map);
  }
  return map;
}

const R = Reflect as unknown as Record<string, unknown>;

if (typeof R.getMetadata !== "function") {
  R.defineMetadata = (key: unknown, value: unknown, target: object, property?: string | symbol): void => {
    own(target, property, true)!.set(key, value);
  };
  R.getOwnMetadata = (key: unknown, target: object, property?: string | symbol): unknown => own(target, property, false)?.get(key);
  R.hasOwnMetadata = (key: unknown, target: object, property?: string | symbol): boolean => own(target, property, false)?.has(key) ?? false;
  R.getMetadata = (key: unknown, target: object, property?: string | symbol): unknown => {
    for (let t: object | null = target; t !== null; t = Object.getPrototypeOf(t) as object | null) {
      const map = own(t, property, false);
      if (map?.has(key)) return map.get(key);
    }
    return undefined;
  };
  R.hasMetadata = (key: unknown, target: object, property?: string | symbol): boolean =>
    (R.getMetadata as (k: unknown, t: object, p?: string | symbol) => unknown)(key, target, property) !== undefined;
  R.metadata = (key: unknown, value: unknown) => (target: object, property?: string | symbol): void => {
    own(target, property, true)!.set(key, value);
  };
}

export {};
