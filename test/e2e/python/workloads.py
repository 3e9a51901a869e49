"""Deployments and Jobs through Debian's python3-kubernetes against a kubegen apiserver: created,
listed, patched and watched, with the server's defaults deserialised into the client's models.
Usage: workloads.py KUBECONFIG. Prints one "ok <step>" line per step; any exception fails the run."""
import sys
import threading
import time

from kubernetes import client, config, watch

config.load_kube_config(config_file=sys.argv[1])
core = client.CoreV1Api()
apps = client.AppsV1Api()
batch = client.BatchV1Api()
NS = "py-workloads"


def step(name):
    print("ok", name, flush=True)


core.create_namespace(client.V1Namespace(metadata=client.V1ObjectMeta(name=NS)))

labels = {"app": "py"}
template = client.V1PodTemplateSpec(
    metadata=client.V1ObjectMeta(labels=labels),
    spec=client.V1PodSpec(containers=[client.V1Container(name="web", image="nginx:1.25", ports=[client.V1ContainerPort(container_port=80)])]),
)
dep = apps.create_namespaced_deployment(NS, client.V1Deployment(
    metadata=client.V1ObjectMeta(name="py-deploy"),
    spec=client.V1DeploymentSpec(selector=client.V1LabelSelector(match_labels=labels), template=template),
))
assert dep.spec.replicas == 1 and dep.spec.revision_history_limit == 10 and dep.spec.progress_deadline_seconds == 600, dep.spec
assert dep.spec.strategy.type == "RollingUpdate" and dep.spec.strategy.rolling_update.max_surge == "25%", dep.spec.strategy
assert dep.spec.template.spec.restart_policy == "Always" and dep.spec.template.spec.containers[0].image_pull_policy == "IfNotPresent"
assert dep.metadata.generation == 1
step("create deployment")

assert [d.metadata.name for d in apps.list_namespaced_deployment(NS).items] == ["py-deploy"]
step("list deployments")

patched = apps.patch_namespaced_deployment("py-deploy", NS, {"spec": {"replicas": 3}})
assert patched.spec.replicas == 3 and patched.metadata.generation == 2, patched
step("patch deployment")

scale = apps.read_namespaced_deployment_scale("py-deploy", NS)
assert scale.spec.replicas == 3 and scale.status.selector == "app=py", scale
scaled = apps.patch_namespaced_deployment_scale("py-deploy", NS, {"spec": {"replicas": 5}})
assert scaled.spec.replicas == 5, scaled
step("deployment scale subresource")

job_template = client.V1PodTemplateSpec(spec=client.V1PodSpec(restart_policy="Never", containers=[client.V1Container(name="job", image="busybox", command=["true"])]))


def create_job_later():
    time.sleep(0.3)
    batch.create_namespaced_job(NS, client.V1Job(metadata=client.V1ObjectMeta(name="py-job"), spec=client.V1JobSpec(template=job_template)))


threading.Thread(target=create_job_later).start()
seen = None
w = watch.Watch()
for event in w.stream(batch.list_namespaced_job, NS, timeout_seconds=10):
    if event["type"] == "ADDED" and event["object"].metadata.name == "py-job":
        seen = event["object"]
        w.stop()
assert seen is not None, "no ADDED event for the job"
assert seen.spec.backoff_limit == 6 and seen.spec.completions == 1 and seen.spec.parallelism == 1 and seen.spec.completion_mode == "NonIndexed", seen.spec
assert seen.spec.selector.match_labels["batch.kubernetes.io/controller-uid"] == seen.metadata.uid
step("watch jobs sees ADDED")

job = batch.patch_namespaced_job("py-job", NS, {"spec": {"suspend": True}})
assert job.spec.suspend is True, job.spec
step("patch job")

try:
    batch.patch_namespaced_job("py-job", NS, {"spec": {"template": {"spec": {"containers": [{"name": "job", "image": "busybox:2"}]}}}})
    raise AssertionError("a running job's template changed")
except client.ApiException as e:
    assert e.status == 422 and "field is immutable" in e.body, e.body
step("job template immutable")

assert [j.metadata.name for j in batch.list_namespaced_job(NS).items] == ["py-job"]
step("list jobs")

core.delete_namespace(NS)
print("done", flush=True)
