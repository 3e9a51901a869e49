"""The e2e scenario through Debian's python3-kubernetes: namespaces and configmaps created, read,
listed, patched, watched and deleted against a kubegen apiserver. Usage: scenario.py KUBECONFIG.
Prints one "ok <step>" line per step; any exception fails the run with a traceback."""
import sys
import threading
import time

from kubernetes import client, config, watch

config.load_kube_config(config_file=sys.argv[1])
v1 = client.CoreV1Api()
NS = "py-e2e"


def step(name):
    print("ok", name, flush=True)


# Namespaces: the system ones are listed; a new one is created, read, patched.
names = [n.metadata.name for n in v1.list_namespace().items]
assert "default" in names and "kube-system" in names, names
step("list namespaces")

created = v1.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=NS, labels={"from": "python"})))
assert created.metadata.name == NS and created.metadata.uid, created
assert created.status.phase == "Active", created.status
step("create namespace")

got = v1.read_namespace(NS)
assert got.metadata.labels["from"] == "python", got.metadata
step("read namespace")

patched = v1.patch_namespace(NS, {"metadata": {"labels": {"patched": "yes"}}})
# The apiserver adds kubernetes.io/metadata.name, as upstream does.
assert patched.metadata.labels == {"from": "python", "patched": "yes", "kubernetes.io/metadata.name": NS}, patched.metadata.labels
step("patch namespace")

listed = v1.list_namespace(label_selector="from=python")
assert [n.metadata.name for n in listed.items] == [NS], listed
step("list namespaces by label")

# ConfigMaps in the new namespace.
cm = v1.create_namespaced_config_map(NS, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="cm1"), data={"k": "v"}))
assert cm.data == {"k": "v"} and cm.metadata.namespace == NS, cm
step("create configmap")

assert v1.read_namespaced_config_map("cm1", NS).data == {"k": "v"}
step("read configmap")

cm = v1.patch_namespaced_config_map("cm1", NS, {"data": {"extra": "x"}})
assert cm.data == {"k": "v", "extra": "x"}, cm.data
step("patch configmap (strategic merge)")

cm = v1.patch_namespaced_config_map("cm1", NS, [{"op": "replace", "path": "/data/k", "value": "w"}])
assert cm.data == {"k": "w", "extra": "x"}, cm.data
step("patch configmap (JSON patch)")

cm.data["replaced"] = "y"
cm = v1.replace_namespaced_config_map("cm1", NS, cm)
assert cm.data == {"k": "w", "extra": "x", "replaced": "y"}, cm.data
step("replace configmap")

stale = client.V1ConfigMap(metadata=client.V1ObjectMeta(name="cm1", resource_version="1"), data={})
try:
    v1.replace_namespaced_config_map("cm1", NS, stale)
    raise AssertionError("replace at a stale resourceVersion succeeded")
except client.ApiException as e:
    assert e.status == 409, e
step("409 on stale replace")

generated = v1.create_namespaced_config_map(NS, client.V1ConfigMap(metadata=client.V1ObjectMeta(generate_name="gen-")))
assert generated.metadata.name.startswith("gen-") and len(generated.metadata.name) > 4, generated.metadata
page1 = v1.list_namespaced_config_map(NS, limit=1)
assert len(page1.items) == 1 and page1.metadata._continue, page1.metadata
page2 = v1.list_namespaced_config_map(NS, limit=1, _continue=page1.metadata._continue)
assert len(page2.items) == 1 and page2.items[0].metadata.name != page1.items[0].metadata.name, page2
step("generateName and paged list")
v1.delete_namespaced_config_map(generated.metadata.name, NS, body=client.V1DeleteOptions(propagation_policy="Background"))
step("delete with DeleteOptions")

cms = v1.list_namespaced_config_map(NS)
assert [c.metadata.name for c in cms.items] == ["cm1"], cms
assert cms.metadata.resource_version, cms.metadata
step("list configmaps")

all_cms = v1.list_config_map_for_all_namespaces()
assert any(c.metadata.name == "cm1" and c.metadata.namespace == NS for c in all_cms.items)
step("list configmaps across namespaces")

# Conflicts and missing objects surface as ApiException with upstream's codes.
try:
    v1.create_namespaced_config_map(NS, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="cm1")))
    raise AssertionError("duplicate create succeeded")
except client.ApiException as e:
    assert e.status == 409, e
step("409 on duplicate")

try:
    v1.read_namespaced_config_map("missing", NS)
    raise AssertionError("read of a missing configmap succeeded")
except client.ApiException as e:
    assert e.status == 404, e
step("404 on missing")

# Watch: from the list's resourceVersion, a configmap created afterwards arrives as ADDED.
rv = v1.list_namespaced_config_map(NS).metadata.resource_version


def create_later():
    time.sleep(0.5)
    v1.create_namespaced_config_map(NS, client.V1ConfigMap(metadata=client.V1ObjectMeta(name="watched"), data={"a": "b"}))


threading.Thread(target=create_later).start()
seen = None
w = watch.Watch()
for event in w.stream(v1.list_namespaced_config_map, NS, resource_version=rv, timeout_seconds=10):
    if event["type"] == "ADDED" and event["object"].metadata.name == "watched":
        seen = event["object"]
        w.stop()
assert seen is not None and seen.data == {"a": "b"}, "no ADDED event for the watched configmap"
step("watch configmaps sees ADDED")

# A namespace watch with timeout_seconds ends by itself, after listing the existing ones as ADDED.
ns_events = [e["type"] for e in watch.Watch().stream(v1.list_namespace, field_selector="metadata.name=" + NS, timeout_seconds=1)]
assert ns_events[:1] == ["ADDED"], ns_events
step("watch namespaces with timeout_seconds")

# Deletes: configmaps go at once; the namespace goes through Terminating.
status = v1.delete_namespaced_config_map("cm1", NS)
assert status.status == "Success" or status.kind in ("Status", None) or status.metadata is not None, status
step("delete configmap")
v1.delete_collection_namespaced_config_map(NS)
assert v1.list_namespaced_config_map(NS).items == []
step("delete collection of configmaps")

# Without a namespace controller (the apiserver runs alone) the namespace stays Terminating
# with its deletionTimestamp set, as kube-apiserver leaves it.
v1.delete_namespace(NS)
gone = v1.read_namespace(NS)
assert gone.status.phase == "Terminating" and gone.metadata.deletion_timestamp, gone
step("delete namespace")
print("done", flush=True)
