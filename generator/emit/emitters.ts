/**
 * The list of emitters, in the order their files are produced. Adding an artifact means adding
 * an emitter here; nothing else decides what gets generated.
 */
import { clientsetEmitter } from "./client/clientset.js";
import { fakeClientsetEmitter } from "./client/fake-clientset.js";
import { crdEmitter } from "./crd/index.js";
import { informersEmitter } from "./client/informers.js";
import { listersEmitter } from "./client/listers.js";
import { deepcopyEmitter } from "./deepcopy.js";
import type { Emitter } from "./emitter.js";
import { lifecycleEmitter } from "./lifecycle.js";
import { openapiEmitter } from "./openapi/index.js";
import { protobufCodecEmitter } from "./protobuf/codec.js";
import { protobufSchemaEmitter } from "./protobuf/schema.js";
import { registerEmitter } from "./register.js";
import { swaggerDocEmitter } from "./swagger-doc.js";
import { zeroValuesEmitter } from "./zero-values.js";

/** An emitter that reads no doc comment and no source line (see Emitter.withoutDocs). */
const docFree = (e: Emitter): Emitter => ({ ...e, withoutDocs: true });

export const emitters: readonly Emitter[] = [
  docFree(deepcopyEmitter),
  docFree(registerEmitter),
  swaggerDocEmitter,
  docFree(lifecycleEmitter),
  protobufSchemaEmitter,
  docFree(protobufCodecEmitter),
  openapiEmitter,
  docFree(clientsetEmitter),
  docFree(fakeClientsetEmitter),
  docFree(listersEmitter),
  docFree(informersEmitter),
  crdEmitter,
  docFree(zeroValuesEmitter),
];
