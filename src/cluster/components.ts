/**
 * components: the ordered list of everything that reconciles — controllers (as the
 * kube-controller-manager runs them), then the scheduler, then the kubelets.
 * A new controller is one line here.
 */
import type { Registry } from '../api/registry';
import type { Controller } from '../sim/controller';
import { crdNamingController } from '../controllers/crdnaming';
import { crdFinalizer } from '../controllers/crdfinalizer';
import { crdRegistrationController } from '../controllers/crdregistration';
import { apiServiceAvailabilityController } from '../controllers/apiserviceavailability';
import { flowSchemaProducer, flowSchemaStatusController, priorityLevelProducer } from '../controllers/apfconfiguration';
import { clusterAuthenticationTrustController } from '../controllers/clusterauthenticationtrust';
import { legacyTokenTrackingController } from '../controllers/legacytokentracking';
import { controlPlaneLeases } from '../controllers/leaderelection';
import { newNamespaceController } from '../controllers/namespace';
import { serviceAccountController } from '../controllers/serviceaccount';
import { rootCACertPublisher } from '../controllers/rootcacertpublisher';
import { clusterRoleAggregationController } from '../controllers/clusterroleaggregation';
import { newValidatingAdmissionPolicyStatusController } from '../controllers/validatingadmissionpolicystatus';
import { typeCheckPolicy } from '../apiserver/admission/validating-admission-policy/type-check';
import { csrSigner } from '../controllers/certificates/csr-signer';
import { tokensController } from '../controllers/serviceaccount-token';
import { bootstrapSigner } from '../controllers/bootstrap/bootstrap-signer';
import { tokenCleaner } from '../controllers/bootstrap/token-cleaner';
import { deploymentController } from '../controllers/deployment';
import { newReplicaSetController } from '../controllers/replicaset';
import { newReplicationManager } from '../controllers/replication';
import { newDaemonSetController } from '../controllers/daemonset';
import { jobController } from '../controllers/job';
import { cronJobController } from '../controllers/cronjob';
import { ttlAfterFinishedController } from '../controllers/ttlafterfinished';
import { statefulSetController } from '../controllers/statefulset';
import { claimController, volumeController } from '../controllers/persistentvolume';
import { localPathProvisioner } from '../controllers/persistentvolume/provisioner';
import { endpointsController } from '../controllers/endpoints';
import { endpointSliceController } from '../controllers/endpointslice';
import { endpointSliceMirroringController } from '../controllers/endpointslicemirroring';
import { serviceController } from '../controllers/service';
import { metallbController } from '../controllers/metallb';
import { pvcProtectionController } from '../controllers/pvcprotection';
import { pvProtectionController } from '../controllers/pvprotection';
import { garbageCollectors } from '../controllers/garbagecollector';
import { resourceQuotaController } from '../controllers/resourcequota';
import { newKubeScheduler } from '../scheduler/kube-scheduler';
import { newKubelet } from '../kubelet/kubelet';
import { nodeStatusController } from '../kubelet/node-status';
import { nodeLifecycleController } from '../controllers/nodelifecycle';
import { newTaintEvictionController } from '../controllers/tainteviction';
import { disruptionController } from '../controllers/disruption';
import { newHorizontalPodAutoscalerController } from '../controllers/podautoscaler';
import { MetricsUnavailable } from '../controllers/podautoscaler/metrics-client';
import { listPodMetrics } from '../metrics/resource-metrics-client';
import { newUsageRecorder } from '../metrics/usage-history';
import { ingressNginxController } from '../network/ingress-nginx-controller';
import { gatewayClassController, gatewayController } from '../network/gateway-controller';
import { newClusterAutoscaler } from '../controllers/clusterautoscaler';
import { allocatableCpuMemory, requestedCpuMemory, simulatePlacement } from '../scheduler/predicate-checker';
import { azureCloudProvider } from './node-pools';
import { newNodeLifetimeRecorder } from '../controllers/nodelifetime';

/**
 * ComponentOptions: which optional parts run (a stopped scheduler, or a kube-controller-manager
 * whose manifest is broken, is a fault kubemu can inject; the cloud-controller-manager runs
 * only where the cluster has a cloud provider).
 */
export interface ComponentOptions { schedulerRunning: boolean; controllerManagerRunning?: boolean; cloudProvider?: boolean }

/**
 * NOT_IN_CONTROLLER_MANAGER names the components kube-controller-manager does not run: the API
 * server's CRD naming and registration, APIService availability, API Priority and Fairness and
 * ConfigMap (authentication trust, legacy token tracking) controllers, the control plane's Lease
 * holders (each component's leader elector runs in its own process), the scheduler, the kubelets, the cloud-controller-manager's service controller, the add-ons'
 * controllers (pods of their own), the cloud's cluster autoscaler and kubemu's own records
 * (metrics history, billing). Every other component is one of its controllers.
 */
const NOT_IN_CONTROLLER_MANAGER = /^(crd-naming-condition-controller|crd-finalizer|crd-registration-controller|apiservice-available-condition-controller|apf-config-.+|cluster-authentication-trust-controller|legacy-service-account-token-tracking-controller|control-plane-leases|default-scheduler|kubelet|kubelet-node-status|local-path-provisioner|service-controller|metallb-controller|nginx-ingress-controller|nginx-gateway-fabric-.+|cluster-autoscaler|metrics-history|kubemu-cost-.+)$/;

/** newComponents returns the components in settle order. */
export function newComponents(registry: () => Registry, opts: ComponentOptions): Controller[] {
  const all: Controller[] = [
    crdNamingController,
    crdFinalizer,
    crdRegistrationController,
    apiServiceAvailabilityController,
    priorityLevelProducer,
    flowSchemaProducer,
    flowSchemaStatusController,
    clusterAuthenticationTrustController,
    legacyTokenTrackingController,
    controlPlaneLeases,
    newNamespaceController(registry),
    serviceAccountController,
    rootCACertPublisher,
    clusterRoleAggregationController,
    newValidatingAdmissionPolicyStatusController((policy) => typeCheckPolicy(policy, registry().resources)),
    deploymentController,
    newReplicaSetController(),
    newReplicationManager(),
    newDaemonSetController(),
    jobController,
    cronJobController,
    ttlAfterFinishedController,
    statefulSetController,
    claimController,
    localPathProvisioner,
    volumeController,
    pvcProtectionController,
    pvProtectionController,
    endpointsController,
    endpointSliceController,
    endpointSliceMirroringController,
    // Load balancers come from the cloud where there is one, else from MetalLB's pools (an add-on).
    ...(opts.cloudProvider ? [serviceController] : [metallbController]),
    ingressNginxController,
    gatewayClassController,
    gatewayController,
    ...garbageCollectors,
    disruptionController,
    newHorizontalPodAutoscalerController({ podMetrics: (api, _ns, pods, now) => listPodMetrics(api, pods, now, (m) => new MetricsUnavailable(m)) }),
    newUsageRecorder(),
    resourceQuotaController,
    // AKS node pools' autoscaler: idle (one read) on a cluster without pools.
    newClusterAutoscaler({ cloud: azureCloudProvider, simulator: { place: simulatePlacement, requested: requestedCpuMemory, allocatable: allocatableCpuMemory } }),
    ...newNodeLifetimeRecorder({ requested: requestedCpuMemory, allocatable: allocatableCpuMemory }),
    csrSigner,
    tokensController,
    // kubeadm turns these two on (--controllers=*,bootstrapsigner,tokencleaner).
    bootstrapSigner,
    tokenCleaner,
    ...(opts.schedulerRunning ? [newKubeScheduler()] : []),
    newKubelet(),
    nodeStatusController,
    nodeLifecycleController, // after the kubelets: a pass renews live leases before the grace check reads them
    newTaintEvictionController(),
  ];
  return opts.controllerManagerRunning === false ? all.filter((c) => NOT_IN_CONTROLLER_MANAGER.test(c.name)) : all;
}
