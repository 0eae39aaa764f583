/**
 * reference: stdout of the `kubectl get` captures in the shared reference (kubectl v1.32.4),
 * keyed by command line. Generated from the markdown; trailing spaces are significant.
 */

/** REFERENCE maps a captured command line to its exact stdout. */
export const REFERENCE: Readonly<Record<string, string>> = {
  "kubectl get po/nginx deploy/web svc/web":
    "NAME        READY   STATUS    RESTARTS   AGE\n" +
    "pod/nginx   1/1     Running   0          50s\n" +
    "\n" +
    "NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\n" +
    "deployment.apps/web   2/3     3            2           3h4m\n" +
    "\n" +
    "NAME          TYPE       CLUSTER-IP     EXTERNAL-IP   PORT(S)        AGE\n" +
    "service/web   NodePort   10.96.120.15   <none>        80:31380/TCP   3h\n",
  "kubectl get all":
    "NAME                       READY   STATUS              RESTARTS        AGE\n" +
    "pod/api                    1/1     Running             0               120m\n" +
    "pod/badimage               0/1     ErrImagePull        0               17s\n" +
    "pod/crashy                 0/1     CrashLoopBackOff    4 (57s ago)     3m10s\n" +
    "pod/creating               0/1     ContainerCreating   0               8s\n" +
    "pod/failed-job-pod         0/1     Error               0               5m5s\n" +
    "pod/memhog                 0/1     OOMKilled           2 (34s ago)     67s\n" +
    "pod/nginx                  1/1     Running             0               50s\n" +
    "pod/old-pod                1/1     Terminating         0               2d\n" +
    "pod/pending-pod            0/1     Pending             0               35s\n" +
    "pod/pi-x7k2p               0/1     Completed           0               10m\n" +
    "pod/sidecar-app            1/2     Running             1 (26s ago)     10m\n" +
    "pod/web-7c5ddbdf54-2xkqp   1/1     Running             0               10m\n" +
    "pod/web-7c5ddbdf54-8mfzt   1/1     Running             3 (2m36s ago)   9m55s\n" +
    "pod/web-7c5ddbdf54-q9wtr   0/1     ImagePullBackOff    0               70s\n" +
    "pod/with-init              0/1     Init:0/1            0               20s\n" +
    "\n" +
    "NAME                 TYPE           CLUSTER-IP     EXTERNAL-IP   PORT(S)                       AGE\n" +
    "service/db           ClusterIP      None           <none>        5432/TCP                      120m\n" +
    "service/ext          ExternalName   <none>         example.com   <none>                        120m\n" +
    "service/kubernetes   ClusterIP      10.96.0.1      <none>        443/TCP                       8d\n" +
    "service/lb           LoadBalancer   10.96.33.7     <pending>     80:30080/TCP,9090:30090/TCP   120m\n" +
    "service/web          NodePort       10.96.120.15   <none>        80:31380/TCP                  3h\n" +
    "\n" +
    "NAME                  READY   UP-TO-DATE   AVAILABLE   AGE\n" +
    "deployment.apps/web   2/3     3            2           3h4m\n" +
    "\n" +
    "NAME                             DESIRED   CURRENT   READY   AGE\n" +
    "replicaset.apps/web-5d6b8f7c49   0         0         0       3h4m\n" +
    "replicaset.apps/web-7c5ddbdf54   3         3         2       10m\n" +
    "\n" +
    "NAME                  READY   AGE\n" +
    "statefulset.apps/db   2/3     120m\n" +
    "\n" +
    "NAME                                      REFERENCE        TARGETS        MINPODS   MAXPODS   REPLICAS   AGE\n" +
    "horizontalpodautoscaler.autoscaling/web   Deployment/web   cpu: 12%/80%   2         5         3          50m\n" +
    "\n" +
    "NAME                 SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE\n" +
    "cronjob.batch/tick   */5 * * * *   <none>     False     0        2m11s           60m\n" +
    "\n" +
    "NAME           STATUS     COMPLETIONS   DURATION   AGE\n" +
    "job.batch/pi   Complete   1/1           37s        10m\n",
  "kubectl get pods --show-labels -l app=web":
    "NAME                   READY   STATUS             RESTARTS        AGE     LABELS\n" +
    "web-7c5ddbdf54-2xkqp   1/1     Running            0               10m     app=web,pod-template-hash=7c5ddbdf54\n" +
    "web-7c5ddbdf54-8mfzt   1/1     Running            3 (2m33s ago)   9m52s   app=web,pod-template-hash=7c5ddbdf54\n" +
    "web-7c5ddbdf54-q9wtr   0/1     ImagePullBackOff   0               67s     app=web,pod-template-hash=7c5ddbdf54\n",
  "kubectl get pods -L app -L tier":
    "NAME                   READY   STATUS              RESTARTS        AGE     APP   TIER\n" +
    "api                    1/1     Running             0               120m    api   backend\n" +
    "badimage               0/1     ErrImagePull        0               15s           \n" +
    "crashy                 0/1     CrashLoopBackOff    4 (55s ago)     3m8s          \n" +
    "creating               0/1     ContainerCreating   0               6s            \n" +
    "failed-job-pod         0/1     Error               0               5m3s          \n" +
    "memhog                 0/1     OOMKilled           2 (32s ago)     65s           \n" +
    "nginx                  1/1     Running             0               48s           \n" +
    "old-pod                1/1     Terminating         0               2d            \n" +
    "pending-pod            0/1     Pending             0               33s           \n" +
    "pi-x7k2p               0/1     Completed           0               10m           \n" +
    "sidecar-app            1/2     Running             1 (24s ago)     10m           \n" +
    "web-7c5ddbdf54-2xkqp   1/1     Running             0               10m     web   \n" +
    "web-7c5ddbdf54-8mfzt   1/1     Running             3 (2m34s ago)   9m53s   web   \n" +
    "web-7c5ddbdf54-q9wtr   0/1     ImagePullBackOff    0               68s     web   \n" +
    "with-init              0/1     Init:0/1            0               18s           \n",
  "kubectl get pods --no-headers -l app=web":
    "web-7c5ddbdf54-2xkqp   1/1   Running            0               10m\n" +
    "web-7c5ddbdf54-8mfzt   1/1   Running            3 (2m34s ago)   9m53s\n" +
    "web-7c5ddbdf54-q9wtr   0/1   ImagePullBackOff   0               68s\n",
  "kubectl get pods -o name -l app=web":
    "pod/web-7c5ddbdf54-2xkqp\n" +
    "pod/web-7c5ddbdf54-8mfzt\n" +
    "pod/web-7c5ddbdf54-q9wtr\n",
  "kubectl get pods nosuch other":
    '',
  "kubectl get pods web-7c5ddbdf54-2xkqp nosuch":
    "NAME                   READY   STATUS    RESTARTS   AGE\n" +
    "web-7c5ddbdf54-2xkqp   1/1     Running   0          10m\n",
  "kubectl get deploy nosuch":
    '',
  "kubectl get nosuchtype":
    '',
  "kubectl get pods -n nosuchns":
    '',
  "kubectl get pods -l app=nothing -A":
    '',
  "kubectl get pods --ignore-not-found nosuch":
    '',
  "kubectl get":
    '',
  "kubectl get pods":
    "NAME                   READY   STATUS              RESTARTS        AGE\n" +
    "api                    1/1     Running             0               120m\n" +
    "badimage               0/1     ErrImagePull        0               14s\n" +
    "crashy                 0/1     CrashLoopBackOff    4 (54s ago)     3m7s\n" +
    "creating               0/1     ContainerCreating   0               5s\n" +
    "failed-job-pod         0/1     Error               0               5m2s\n" +
    "memhog                 0/1     OOMKilled           2 (31s ago)     64s\n" +
    "nginx                  1/1     Running             0               47s\n" +
    "old-pod                1/1     Terminating         0               2d\n" +
    "pending-pod            0/1     Pending             0               32s\n" +
    "pi-x7k2p               0/1     Completed           0               10m\n" +
    "sidecar-app            1/2     Running             1 (23s ago)     10m\n" +
    "web-7c5ddbdf54-2xkqp   1/1     Running             0               10m\n" +
    "web-7c5ddbdf54-8mfzt   1/1     Running             3 (2m33s ago)   9m52s\n" +
    "web-7c5ddbdf54-q9wtr   0/1     ImagePullBackOff    0               67s\n" +
    "with-init              0/1     Init:0/1            0               17s\n",
  "kubectl get pods -o wide":
    "NAME                   READY   STATUS              RESTARTS        AGE     IP            NODE          NOMINATED NODE   READINESS GATES\n" +
    "api                    1/1     Running             0               120m    10.244.1.24   kind-worker   <none>           <none>\n" +
    "badimage               0/1     ErrImagePull        0               14s     10.244.1.25   kind-worker   <none>           <none>\n" +
    "crashy                 0/1     CrashLoopBackOff    4 (54s ago)     3m7s    10.244.1.22   kind-worker   <none>           <none>\n" +
    "creating               0/1     ContainerCreating   0               5s      <none>        kind-worker   <none>           <none>\n" +
    "failed-job-pod         0/1     Error               0               5m2s    10.244.1.26   kind-worker   <none>           <none>\n" +
    "memhog                 0/1     OOMKilled           2 (31s ago)     64s     10.244.1.23   kind-worker   <none>           <none>\n" +
    "nginx                  1/1     Running             0               47s     10.244.1.21   kind-worker   <none>           <none>\n" +
    "old-pod                1/1     Terminating         0               2d      10.244.1.27   kind-worker   <none>           <none>\n" +
    "pending-pod            0/1     Pending             0               32s     <none>        <none>        <none>           <none>\n" +
    "pi-x7k2p               0/1     Completed           0               10m     10.244.1.30   kind-worker   <none>           <none>\n" +
    "sidecar-app            1/2     Running             1 (23s ago)     10m     10.244.1.28   kind-worker   <none>           <none>\n" +
    "web-7c5ddbdf54-2xkqp   1/1     Running             0               10m     10.244.1.5    kind-worker   <none>           <none>\n" +
    "web-7c5ddbdf54-8mfzt   1/1     Running             3 (2m33s ago)   9m52s   10.244.1.6    kind-worker   <none>           <none>\n" +
    "web-7c5ddbdf54-q9wtr   0/1     ImagePullBackOff    0               67s     10.244.1.7    kind-worker   <none>           <none>\n" +
    "with-init              0/1     Init:0/1            0               17s     10.244.1.29   kind-worker   <none>           <none>\n",
  "kubectl get pods -A":
    "NAMESPACE     NAME                   READY   STATUS              RESTARTS        AGE\n" +
    "default       api                    1/1     Running             0               120m\n" +
    "default       badimage               0/1     ErrImagePull        0               16s\n" +
    "default       crashy                 0/1     CrashLoopBackOff    4 (56s ago)     3m9s\n" +
    "default       creating               0/1     ContainerCreating   0               7s\n" +
    "default       failed-job-pod         0/1     Error               0               5m4s\n" +
    "default       memhog                 0/1     OOMKilled           2 (33s ago)     66s\n" +
    "default       nginx                  1/1     Running             0               49s\n" +
    "default       old-pod                1/1     Terminating         0               2d\n" +
    "default       pending-pod            0/1     Pending             0               34s\n" +
    "default       pi-x7k2p               0/1     Completed           0               10m\n" +
    "default       sidecar-app            1/2     Running             1 (25s ago)     10m\n" +
    "default       web-7c5ddbdf54-2xkqp   1/1     Running             0               10m\n" +
    "default       web-7c5ddbdf54-8mfzt   1/1     Running             3 (2m35s ago)   9m54s\n" +
    "default       web-7c5ddbdf54-q9wtr   0/1     ImagePullBackOff    0               69s\n" +
    "default       with-init              0/1     Init:0/1            0               19s\n" +
    "kube-system   kindnet-7lq4w          1/1     Running             0               8d\n" +
    "kube-system   kube-proxy-9xz2k       1/1     Running             0               8d\n",
  "kubectl get deploy":
    "NAME   READY   UP-TO-DATE   AVAILABLE   AGE\n" +
    "web    2/3     3            2           3h4m\n",
  "kubectl get deploy -o wide":
    "NAME   READY   UP-TO-DATE   AVAILABLE   AGE    CONTAINERS   IMAGES       SELECTOR\n" +
    "web    2/3     3            2           3h4m   nginx        nginx:1.27   app=web\n",
  "kubectl get rs":
    "NAME             DESIRED   CURRENT   READY   AGE\n" +
    "web-5d6b8f7c49   0         0         0       3h4m\n" +
    "web-7c5ddbdf54   3         3         2       10m\n",
  "kubectl get rs -o wide":
    "NAME             DESIRED   CURRENT   READY   AGE    CONTAINERS   IMAGES       SELECTOR\n" +
    "web-5d6b8f7c49   0         0         0       3h4m   nginx        nginx:1.26   app=web,pod-template-hash=5d6b8f7c49\n" +
    "web-7c5ddbdf54   3         3         2       10m    nginx        nginx:1.27   app=web,pod-template-hash=7c5ddbdf54\n",
  "kubectl get sts -o wide":
    "NAME   READY   AGE    CONTAINERS   IMAGES\n" +
    "db     2/3     120m   postgres     postgres:16\n",
  "kubectl get ds -n kube-system -o wide":
    "NAME         DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE   CONTAINERS   IMAGES                                          SELECTOR\n" +
    "kindnet      3         3         2       3            2           kubernetes.io/os=linux   8d    kindnet      docker.io/kindest/kindnetd:v20250214-acbabc1a   k8s-app=kindnet\n" +
    "kube-proxy   3         3         2       3            2           kubernetes.io/os=linux   8d    kube-proxy   registry.k8s.io/kube-proxy:v1.32.2              k8s-app=kube-proxy\n",
  "kubectl get jobs -o wide":
    "NAME   STATUS     COMPLETIONS   DURATION   AGE   CONTAINERS   IMAGES        SELECTOR\n" +
    "pi     Complete   1/1           37s        10m   pi           perl:5.34.0   batch.kubernetes.io/controller-uid=6f1e2d3c-4b5a-4968-8778-695a4b3c2d1e\n",
  "kubectl get cronjobs -o wide":
    "NAME   SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE   CONTAINERS   IMAGES    SELECTOR\n" +
    "tick   */5 * * * *   <none>     False     0        2m16s           60m   tick         busybox   <none>\n",
  "kubectl get svc -o wide":
    "NAME         TYPE           CLUSTER-IP     EXTERNAL-IP   PORT(S)                       AGE    SELECTOR\n" +
    "db           ClusterIP      None           <none>        5432/TCP                      120m   app=db\n" +
    "ext          ExternalName   <none>         example.com   <none>                        120m   <none>\n" +
    "kubernetes   ClusterIP      10.96.0.1      <none>        443/TCP                       8d     <none>\n" +
    "lb           LoadBalancer   10.96.33.7     <pending>     80:30080/TCP,9090:30090/TCP   120m   app=api\n" +
    "web          NodePort       10.96.120.15   <none>        80:31380/TCP                  3h     app=web\n",
  "kubectl get ep":
    "NAME         ENDPOINTS                     AGE\n" +
    "kubernetes   172.18.0.2:6443               8d\n" +
    "web          10.244.1.5:80,10.244.1.6:80   3h\n",
  "kubectl get ing":
    "NAME   CLASS   HOSTS         ADDRESS        PORTS     AGE\n" +
    "web    nginx   example.com   172.18.0.240   80, 443   60m\n",
  "kubectl get nodes":
    "NAME                 STATUS                        ROLES           AGE   VERSION\n" +
    "kind-control-plane   Ready                         control-plane   8d    v1.32.2\n" +
    "kind-worker          Ready                         <none>          8d    v1.32.2\n" +
    "kind-worker2         NotReady,SchedulingDisabled   <none>          8d    v1.32.2\n",
  "kubectl get nodes -o wide":
    "NAME                 STATUS                        ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION     CONTAINER-RUNTIME\n" +
    "kind-control-plane   Ready                         control-plane   8d    v1.32.2   172.18.0.2    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24\n" +
    "kind-worker          Ready                         <none>          8d    v1.32.2   172.18.0.3    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24\n" +
    "kind-worker2         NotReady,SchedulingDisabled   <none>          8d    v1.32.2   172.18.0.4    <none>        Debian GNU/Linux 12 (bookworm)   6.8.0-45-generic   containerd://1.7.24\n",
  "kubectl get ns":
    "NAME                 STATUS   AGE\n" +
    "default              Active   8d\n" +
    "kube-node-lease      Active   8d\n" +
    "kube-public          Active   8d\n" +
    "kube-system          Active   8d\n" +
    "local-path-storage   Active   8d\n",
  "kubectl get events":
    "LAST SEEN   TYPE      REASON                    OBJECT                      MESSAGE\n" +
    "120m        Warning   Unhealthy                 pod/api                     Readiness probe failed: dial tcp 10.244.1.24:8080: connect: connection refused\n" +
    "29s         Normal    Scheduled                 pod/badimage                Successfully assigned default/badimage to kind-worker\n" +
    "28s         Normal    Pulling                   pod/badimage                Pulling image \"nginx:no-such-tag\"\n" +
    "27s         Warning   Failed                    pod/badimage                Failed to pull image \"nginx:no-such-tag\": rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/nginx:no-such-tag\": failed to resolve reference \"docker.io/library/nginx:no-such-tag\": docker.io/library/nginx:no-such-tag: not found\n" +
    "27s         Warning   Failed                    pod/badimage                Error: ErrImagePull\n" +
    "26s         Normal    BackOff                   pod/badimage                Back-off pulling image \"nginx:no-such-tag\"\n" +
    "26s         Warning   Failed                    pod/badimage                Error: ImagePullBackOff\n" +
    "3m22s       Normal    Scheduled                 pod/crashy                  Successfully assigned default/crashy to kind-worker\n" +
    "70s         Normal    Pulled                    pod/crashy                  Container image \"busybox:1.36\" already present on machine\n" +
    "70s         Normal    Created                   pod/crashy                  Created container: app\n" +
    "69s         Normal    Started                   pod/crashy                  Started container app\n" +
    "23s         Warning   BackOff                   pod/crashy                  Back-off restarting failed container app in pod crashy_default(60745515-d6e9-429c-afb1-1a0c8b79e314)\n" +
    "8d          Normal    Starting                  node/kind-worker            \n" +
    "8d          Normal    Starting                  node/kind-worker            Starting kubelet.\n" +
    "8d          Normal    NodeHasSufficientMemory   node/kind-worker            Node kind-worker status is now: NodeHasSufficientMemory\n" +
    "8d          Normal    NodeHasNoDiskPressure     node/kind-worker            Node kind-worker status is now: NodeHasNoDiskPressure\n" +
    "8d          Normal    NodeHasSufficientPID      node/kind-worker            Node kind-worker status is now: NodeHasSufficientPID\n" +
    "8d          Normal    NodeAllocatableEnforced   node/kind-worker            Updated Node Allocatable limit across pods\n" +
    "8d          Normal    RegisteredNode            node/kind-worker            Node kind-worker event: Registered Node kind-worker in Controller\n" +
    "8d          Normal    NodeReady                 node/kind-worker            Node kind-worker status is now: NodeReady\n" +
    "5m17s       Normal    NodeNotReady              node/kind-worker2           Node kind-worker2 status is now: NodeNotReady\n" +
    "2m17s       Normal    NodeNotSchedulable        node/kind-worker2           Node kind-worker2 status is now: NodeNotSchedulable\n" +
    "8d          Normal    RegisteredNode            node/kind-worker2           Node kind-worker2 event: Registered Node kind-worker2 in Controller\n" +
    "79s         Normal    Scheduled                 pod/memhog                  Successfully assigned default/memhog to kind-worker\n" +
    "26s         Normal    Pulling                   pod/memhog                  Pulling image \"polinux/stress\"\n" +
    "77s         Normal    Pulled                    pod/memhog                  Successfully pulled image \"polinux/stress\" in 1.104s (1.104s including waiting). Image size: 4041495 bytes.\n" +
    "26s         Normal    Created                   pod/memhog                  Created container: app\n" +
    "25s         Normal    Started                   pod/memhog                  Started container app\n" +
    "23s         Warning   BackOff                   pod/memhog                  Back-off restarting failed container app in pod memhog_default(24612203-dbc3-4706-a2db-c0a1af6a4136)\n" +
    "62s         Normal    Scheduled                 pod/nginx                   Successfully assigned default/nginx to kind-worker\n" +
    "61s         Normal    Pulling                   pod/nginx                   Pulling image \"nginx\"\n" +
    "58s         Normal    Pulled                    pod/nginx                   Successfully pulled image \"nginx\" in 2.946s (2.946s including waiting). Image size: 72195292 bytes.\n" +
    "58s         Normal    Created                   pod/nginx                   Created container: nginx\n" +
    "57s         Normal    Started                   pod/nginx                   Started container nginx\n" +
    "22s         Normal    Killing                   pod/old-pod                 Stopping container app\n" +
    "47s         Warning   FailedScheduling          pod/pending-pod             0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 1 Insufficient cpu. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.\n" +
    "10m         Normal    SuccessfulCreate          job/pi                      Created pod: pi-x7k2p\n" +
    "9m40s       Normal    Completed                 job/pi                      Job completed\n" +
    "82s         Normal    Scheduled                 pod/web-7c5ddbdf54-q9wtr    Successfully assigned default/web-7c5ddbdf54-q9wtr to kind-worker\n" +
    "37s         Normal    Pulling                   pod/web-7c5ddbdf54-q9wtr    Pulling image \"nginx:1.27\"\n" +
    "36s         Warning   Failed                    pod/web-7c5ddbdf54-q9wtr    Failed to pull image \"nginx:1.27\": failed to pull and unpack image \"docker.io/library/nginx:1.27\": failed to copy: httpReadSeeker: failed open: unexpected status code https://registry-1.docker.io/v2/library/nginx/manifests/sha256:0a399eb16751829e1af26fea27b20c3ec28d7ab1fb72182879dcae1cca21206a: 429 Too Many Requests\n" +
    "36s         Warning   Failed                    pod/web-7c5ddbdf54-q9wtr    Error: ErrImagePull\n" +
    "22s         Normal    BackOff                   pod/web-7c5ddbdf54-q9wtr    Back-off pulling image \"nginx:1.27\"\n" +
    "22s         Warning   Failed                    pod/web-7c5ddbdf54-q9wtr    Error: ImagePullBackOff\n" +
    "10m         Normal    SuccessfulCreate          replicaset/web-7c5ddbdf54   Created pod: web-7c5ddbdf54-2xkqp\n" +
    "10m         Normal    SuccessfulCreate          replicaset/web-7c5ddbdf54   Created pod: web-7c5ddbdf54-8mfzt\n" +
    "82s         Normal    SuccessfulCreate          replicaset/web-7c5ddbdf54   Created pod: web-7c5ddbdf54-q9wtr\n" +
    "83s         Normal    SuccessfulDelete          replicaset/web-7c5ddbdf54   Deleted pod: web-7c5ddbdf54-zz9tx\n" +
    "3h4m        Normal    ScalingReplicaSet         deployment/web              Scaled up replica set web-5d6b8f7c49 from 0 to 3\n" +
    "10m         Normal    ScalingReplicaSet         deployment/web              Scaled up replica set web-7c5ddbdf54 from 0 to 1\n" +
    "10m         Normal    ScalingReplicaSet         deployment/web              Scaled down replica set web-5d6b8f7c49 from 3 to 2\n" +
    "10m         Normal    ScalingReplicaSet         deployment/web              Scaled up replica set web-7c5ddbdf54 from 1 to 2\n" +
    "9m55s       Normal    ScalingReplicaSet         deployment/web              Scaled down replica set web-5d6b8f7c49 from 2 to 1\n" +
    "9m55s       Normal    ScalingReplicaSet         deployment/web              Scaled up replica set web-7c5ddbdf54 from 2 to 3\n" +
    "9m37s       Normal    ScalingReplicaSet         deployment/web              Scaled down replica set web-5d6b8f7c49 from 1 to 0\n",
  "kubectl get events -o wide":
    "LAST SEEN   TYPE      REASON                    OBJECT                      SUBOBJECT                SOURCE                                                    MESSAGE                                                                                                                                                                                                                                                                                                                         FIRST SEEN   COUNT   NAME\n" +
    "120m        Warning   Unhealthy                 pod/api                     spec.containers{api}     kubelet, kind-worker                                      Readiness probe failed: dial tcp 10.244.1.24:8080: connect: connection refused                                                                                                                                                                                                                                                  120m         2       api.18003a5f0c2fe579\n" +
    "30s         Normal    Scheduled                 pod/badimage                                         default-scheduler, default-scheduler-kind-control-plane   Successfully assigned default/badimage to kind-worker                                                                                                                                                                                                                                                                           30s          1       badimage.18003a5f0c2f2bdf\n" +
    "29s         Normal    Pulling                   pod/badimage                spec.containers{app}     kubelet, kind-worker                                      Pulling image \"nginx:no-such-tag\"                                                                                                                                                                                                                                                                                               29s          1       badimage.18003a5f0c2f4ace\n" +
    "28s         Warning   Failed                    pod/badimage                spec.containers{app}     kubelet, kind-worker                                      Failed to pull image \"nginx:no-such-tag\": rpc error: code = NotFound desc = failed to pull and unpack image \"docker.io/library/nginx:no-such-tag\": failed to resolve reference \"docker.io/library/nginx:no-such-tag\": docker.io/library/nginx:no-such-tag: not found                                                            28s          1       badimage.18003a5f0c2f69bd\n" +
    "28s         Warning   Failed                    pod/badimage                spec.containers{app}     kubelet, kind-worker                                      Error: ErrImagePull                                                                                                                                                                                                                                                                                                             28s          1       badimage.18003a5f0c2f88ac\n" +
    "27s         Normal    BackOff                   pod/badimage                spec.containers{app}     kubelet, kind-worker                                      Back-off pulling image \"nginx:no-such-tag\"                                                                                                                                                                                                                                                                                      27s          1       badimage.18003a5f0c2fa79b\n" +
    "27s         Warning   Failed                    pod/badimage                spec.containers{app}     kubelet, kind-worker                                      Error: ImagePullBackOff                                                                                                                                                                                                                                                                                                         27s          1       badimage.18003a5f0c2fc68a\n" +
    "3m23s       Normal    Scheduled                 pod/crashy                                           default-scheduler, default-scheduler-kind-control-plane   Successfully assigned default/crashy to kind-worker                                                                                                                                                                                                                                                                             3m23s        1       crashy.18003a5f0c2dd79a\n" +
    "71s         Normal    Pulled                    pod/crashy                  spec.containers{app}     kubelet, kind-worker                                      Container image \"busybox:1.36\" already present on machine                                                                                                                                                                                                                                                                       3m22s        5       crashy.18003a5f0c2df689\n" +
    "71s         Normal    Created                   pod/crashy                  spec.containers{app}     kubelet, kind-worker                                      Created container: app                                                                                                                                                                                                                                                                                                          3m22s        5       crashy.18003a5f0c2e1578\n" +
    "70s         Normal    Started                   pod/crashy                  spec.containers{app}     kubelet, kind-worker                                      Started container app                                                                                                                                                                                                                                                                                                           3m22s        5       crashy.18003a5f0c2e3467\n" +
    "24s         Warning   BackOff                   pod/crashy                  spec.containers{app}     kubelet, kind-worker                                      Back-off restarting failed container app in pod crashy_default(60745515-d6e9-429c-afb1-1a0c8b79e314)                                                                                                                                                                                                                            3m8s         9       crashy.18003a5f0c2e5356\n" +
    "8d          Normal    Starting                  node/kind-worker                                     kube-proxy                                                                                                                                                                                                                                                                                                                                                                                8d           1       kind-worker.18003a5f0c32cbe1\n" +
    "8d          Normal    Starting                  node/kind-worker                                     kubelet, kind-worker                                      Starting kubelet.                                                                                                                                                                                                                                                                                                               8d           1       kind-worker.18003a5f0c3309bf\n" +
    "8d          Normal    NodeHasSufficientMemory   node/kind-worker                                     kubelet, kind-worker                                      Node kind-worker status is now: NodeHasSufficientMemory                                                                                                                                                                                                                                                                         8d           1       kind-worker.18003a5f0c3328ae\n" +
    "8d          Normal    NodeHasNoDiskPressure     node/kind-worker                                     kubelet, kind-worker                                      Node kind-worker status is now: NodeHasNoDiskPressure                                                                                                                                                                                                                                                                           8d           1       kind-worker.18003a5f0c33479d\n" +
    "8d          Normal    NodeHasSufficientPID      node/kind-worker                                     kubelet, kind-worker                                      Node kind-worker status is now: NodeHasSufficientPID                                                                                                                                                                                                                                                                            8d           1       kind-worker.18003a5f0c33668c\n" +
    "8d          Normal    NodeAllocatableEnforced   node/kind-worker                                     kubelet, kind-worker                                      Updated Node Allocatable limit across pods                                                                                                                                                                                                                                                                                      8d           1       kind-worker.18003a5f0c33857b\n" +
    "8d          Normal    RegisteredNode            node/kind-worker                                     node-controller                                           Node kind-worker event: Registered Node kind-worker in Controller                                                                                                                                                                                                                                                               8d           1       kind-worker.18003a5f0c33a46a\n" +
    "8d          Normal    NodeReady                 node/kind-worker                                     kubelet, kind-worker                                      Node kind-worker status is now: NodeReady                                                                                                                                                                                                                                                                                       8d           1       kind-worker.18003a5f0c33c359\n" +
    "5m18s       Normal    NodeNotReady              node/kind-worker2                                    node-controller                                           Node kind-worker2 status is now: NodeNotReady                                                                                                                                                                                                                                                                                   5m18s        1       kind-worker2.18003a5f0c328e03\n" +
    "2m18s       Normal    NodeNotSchedulable        node/kind-worker2                                    kubelet, kind-worker2                                     Node kind-worker2 status is now: NodeNotSchedulable                                                                                                                                                                                                                                                                             2m18s        1       kind-worker2.18003a5f0c32acf2\n" +
    "8d          Normal    RegisteredNode            node/kind-worker2                                    node-controller                                           Node kind-worker2 event: Registered Node kind-worker2 in Controller                                                                                                                                                                                                                                                             8d           1       kind-worker2.18003a5f0c32ead0\n" +
    "80s         Normal    Scheduled                 pod/memhog                                           default-scheduler, default-scheduler-kind-control-plane   Successfully assigned default/memhog to kind-worker                                                                                                                                                                                                                                                                             80s          1       memhog.18003a5f0c2e7245\n" +
    "27s         Normal    Pulling                   pod/memhog                  spec.containers{app}     kubelet, kind-worker                                      Pulling image \"polinux/stress\"                                                                                                                                                                                                                                                                                                  79s          3       memhog.18003a5f0c2e9134\n" +
    "78s         Normal    Pulled                    pod/memhog                  spec.containers{app}     kubelet, kind-worker                                      Successfully pulled image \"polinux/stress\" in 1.104s (1.104s including waiting). Image size: 4041495 bytes.                                                                                                                                                                                                                     78s          1       memhog.18003a5f0c2eb023\n" +
    "27s         Normal    Created                   pod/memhog                  spec.containers{app}     kubelet, kind-worker                                      Created container: app                                                                                                                                                                                                                                                                                                          78s          3       memhog.18003a5f0c2ecf12\n" +
    "26s         Normal    Started                   pod/memhog                  spec.containers{app}     kubelet, kind-worker                                      Started container app                                                                                                                                                                                                                                                                                                           78s          3       memhog.18003a5f0c2eee01\n" +
    "24s         Warning   BackOff                   pod/memhog                  spec.containers{app}     kubelet, kind-worker                                      Back-off restarting failed container app in pod memhog_default(24612203-dbc3-4706-a2db-c0a1af6a4136)                                                                                                                                                                                                                            46s          2       memhog.18003a5f0c2f0cf0\n" +
    "63s         Normal    Scheduled                 pod/nginx                                            default-scheduler, default-scheduler-kind-control-plane   Successfully assigned default/nginx to kind-worker                                                                                                                                                                                                                                                                              63s          1       nginx.18003a5f0c2d3cef\n" +
    "62s         Normal    Pulling                   pod/nginx                   spec.containers{nginx}   kubelet, kind-worker                                      Pulling image \"nginx\"                                                                                                                                                                                                                                                                                                           62s          1       nginx.18003a5f0c2d5bde\n" +
    "59s         Normal    Pulled                    pod/nginx                   spec.containers{nginx}   kubelet, kind-worker                                      Successfully pulled image \"nginx\" in 2.946s (2.946s including waiting). Image size: 72195292 bytes.                                                                                                                                                                                                                             59s          1       nginx.18003a5f0c2d7acd\n" +
    "59s         Normal    Created                   pod/nginx                   spec.containers{nginx}   kubelet, kind-worker                                      Created container: nginx                                                                                                                                                                                                                                                                                                        59s          1       nginx.18003a5f0c2d99bc\n" +
    "58s         Normal    Started                   pod/nginx                   spec.containers{nginx}   kubelet, kind-worker                                      Started container nginx                                                                                                                                                                                                                                                                                                         58s          1       nginx.18003a5f0c2db8ab\n" +
    "23s         Normal    Killing                   pod/old-pod                 spec.containers{app}     kubelet, kind-worker                                      Stopping container app                                                                                                                                                                                                                                                                                                          23s          1       old-pod.18003a5f0c300468\n" +
    "48s         Warning   FailedScheduling          pod/pending-pod                                      default-scheduler, default-scheduler-kind-control-plane   0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 1 node(s) had untolerated taint {node.kubernetes.io/unreachable: }, 1 Insufficient cpu. preemption: 0/3 nodes are available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.    48s          1       pending-pod.18003a5f0c302357\n" +
    "10m         Normal    SuccessfulCreate          job/pi                                               job-controller                                            Created pod: pi-x7k2p                                                                                                                                                                                                                                                                                                           10m          1       pi.18003a5f0c325025\n" +
    "9m41s       Normal    Completed                 job/pi                                               job-controller                                            Job completed                                                                                                                                                                                                                                                                                                                   9m41s        1       pi.18003a5f0c326f14\n" +
    "83s         Normal    Scheduled                 pod/web-7c5ddbdf54-q9wtr                             default-scheduler, default-scheduler-kind-control-plane   Successfully assigned default/web-7c5ddbdf54-q9wtr to kind-worker                                                                                                                                                                                                                                                               83s          1       web-7c5ddbdf54-q9wtr.18003a5f0c304246\n" +
    "38s         Normal    Pulling                   pod/web-7c5ddbdf54-q9wtr    spec.containers{nginx}   kubelet, kind-worker                                      Pulling image \"nginx:1.27\"                                                                                                                                                                                                                                                                                                      82s          3       web-7c5ddbdf54-q9wtr.18003a5f0c306135\n" +
    "37s         Warning   Failed                    pod/web-7c5ddbdf54-q9wtr    spec.containers{nginx}   kubelet, kind-worker                                      Failed to pull image \"nginx:1.27\": failed to pull and unpack image \"docker.io/library/nginx:1.27\": failed to copy: httpReadSeeker: failed open: unexpected status code https://registry-1.docker.io/v2/library/nginx/manifests/sha256:0a399eb16751829e1af26fea27b20c3ec28d7ab1fb72182879dcae1cca21206a: 429 Too Many Requests   81s          3       web-7c5ddbdf54-q9wtr.18003a5f0c308024\n" +
    "37s         Warning   Failed                    pod/web-7c5ddbdf54-q9wtr    spec.containers{nginx}   kubelet, kind-worker                                      Error: ErrImagePull                                                                                                                                                                                                                                                                                                             81s          3       web-7c5ddbdf54-q9wtr.18003a5f0c309f13\n" +
    "23s         Normal    BackOff                   pod/web-7c5ddbdf54-q9wtr    spec.containers{nginx}   kubelet, kind-worker                                      Back-off pulling image \"nginx:1.27\"                                                                                                                                                                                                                                                                                             80s          4       web-7c5ddbdf54-q9wtr.18003a5f0c30be02\n" +
    "23s         Warning   Failed                    pod/web-7c5ddbdf54-q9wtr    spec.containers{nginx}   kubelet, kind-worker                                      Error: ImagePullBackOff                                                                                                                                                                                                                                                                                                         80s          4       web-7c5ddbdf54-q9wtr.18003a5f0c30dcf1\n" +
    "10m         Normal    SuccessfulCreate          replicaset/web-7c5ddbdf54                            replicaset-controller                                     Created pod: web-7c5ddbdf54-2xkqp                                                                                                                                                                                                                                                                                               10m          1       web-7c5ddbdf54.18003a5f0c31d469\n" +
    "10m         Normal    SuccessfulCreate          replicaset/web-7c5ddbdf54                            replicaset-controller                                     Created pod: web-7c5ddbdf54-8mfzt                                                                                                                                                                                                                                                                                               10m          1       web-7c5ddbdf54.18003a5f0c31f358\n" +
    "83s         Normal    SuccessfulCreate          replicaset/web-7c5ddbdf54                            replicaset-controller                                     Created pod: web-7c5ddbdf54-q9wtr                                                                                                                                                                                                                                                                                               83s          1       web-7c5ddbdf54.18003a5f0c321247\n" +
    "84s         Normal    SuccessfulDelete          replicaset/web-7c5ddbdf54                            replicaset-controller                                     Deleted pod: web-7c5ddbdf54-zz9tx                                                                                                                                                                                                                                                                                               84s          1       web-7c5ddbdf54.18003a5f0c323136\n" +
    "3h4m        Normal    ScalingReplicaSet         deployment/web                                       deployment-controller                                     Scaled up replica set web-5d6b8f7c49 from 0 to 3                                                                                                                                                                                                                                                                                3h4m         1       web.18003a5f0c30fbe0\n" +
    "10m         Normal    ScalingReplicaSet         deployment/web                                       deployment-controller                                     Scaled up replica set web-7c5ddbdf54 from 0 to 1                                                                                                                                                                                                                                                                                10m          1       web.18003a5f0c311acf\n" +
    "10m         Normal    ScalingReplicaSet         deployment/web                                       deployment-controller                                     Scaled down replica set web-5d6b8f7c49 from 3 to 2                                                                                                                                                                                                                                                                              10m          1       web.18003a5f0c3139be\n" +
    "10m         Normal    ScalingReplicaSet         deployment/web                                       deployment-controller                                     Scaled up replica set web-7c5ddbdf54 from 1 to 2                                                                                                                                                                                                                                                                                10m          1       web.18003a5f0c3158ad\n" +
    "9m56s       Normal    ScalingReplicaSet         deployment/web                                       deployment-controller                                     Scaled down replica set web-5d6b8f7c49 from 2 to 1                                                                                                                                                                                                                                                                              9m56s        1       web.18003a5f0c31779c\n" +
    "9m56s       Normal    ScalingReplicaSet         deployment/web                                       deployment-controller                                     Scaled up replica set web-7c5ddbdf54 from 2 to 3                                                                                                                                                                                                                                                                                9m56s        1       web.18003a5f0c31968b\n" +
    "9m38s       Normal    ScalingReplicaSet         deployment/web                                       deployment-controller                                     Scaled down replica set web-5d6b8f7c49 from 1 to 0                                                                                                                                                                                                                                                                              9m38s        1       web.18003a5f0c31b57a\n",
  "kubectl get cm":
    "NAME               DATA   AGE\n" +
    "api-config         2      121m\n" +
    "kube-root-ca.crt   1      8d\n",
  "kubectl get secrets":
    "NAME      TYPE                DATA   AGE\n" +
    "db        Opaque              1      121m\n" +
    "web-tls   kubernetes.io/tls   2      60m\n",
  "kubectl get sa":
    "NAME      SECRETS   AGE\n" +
    "default   0         8d\n",
  "kubectl get pvc -o wide":
    "NAME        STATUS    VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE    VOLUMEMODE\n" +
    "data-db-0   Bound     pvc-3f9a1c2e-7b4d-4e5f-8a6b-9c0d1e2f3a4b   1Gi        RWO            standard       <unset>                 119m   Filesystem\n" +
    "scratch     Pending                                                                        standard       <unset>                 34s    Filesystem\n",
  "kubectl get pv":
    "NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM               STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE\n" +
    "pvc-3f9a1c2e-7b4d-4e5f-8a6b-9c0d1e2f3a4b   1Gi        RWO            Delete           Bound    default/data-db-0   standard       <unset>                          118m\n",
  "kubectl get sc":
    "NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE\n" +
    "standard (default)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  8d\n",
  "kubectl get hpa":
    "NAME   REFERENCE        TARGETS        MINPODS   MAXPODS   REPLICAS   AGE\n" +
    "web    Deployment/web   cpu: 12%/80%   2         5         3          50m\n",
  "kubectl get pdb":
    "NAME      MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE\n" +
    "web-pdb   2               N/A               0                     50m\n",
  "kubectl get pods -n kube-system":
    "NAME               READY   STATUS    RESTARTS   AGE\n" +
    "kindnet-7lq4w      1/1     Running   0          8d\n" +
    "kube-proxy-9xz2k   1/1     Running   0          8d\n",
  "kubectl get pods -w -l run=nginx":
    "NAME    READY   STATUS    RESTARTS   AGE\n" +
    "nginx   1/1     Running   0          90s\n" +
    "nginx-2   0/1     ContainerCreating   0          0s\n" +
    "nginx-2   1/1     Running             0          1s\n" +
    "nginx-2   1/1     Terminating         0          1s\n" +
    "nginx-2   1/1     Terminating         0          1s\n",
  "kubectl get pods -l run=nginx --watch --output-watch-events":
    "EVENT      NAME    READY   STATUS    RESTARTS   AGE\n" +
    "ADDED      nginx   1/1     Running   0          92s\n" +
    "ADDED      nginx-2   0/1     ContainerCreating   0          0s\n" +
    "MODIFIED   nginx-2   1/1     Running             0          0s\n" +
    "MODIFIED   nginx-2   1/1     Terminating         0          0s\n" +
    "DELETED    nginx-2   1/1     Terminating         0          0s\n",
};
