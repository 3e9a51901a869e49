/** The storage conformance suite on the in-memory backend the registry tests use. */
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { storageConformance } from "./conformance.js";
import { compactionConformance } from "./compaction.js";

storageConformance("memory", async () => new MemoryStorage());
compactionConformance("memory", async () => new MemoryStorage());
