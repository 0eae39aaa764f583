/**
 * csr-signer: kube-controller-manager's csrsigning controller for the kube-apiserver-client
 * signers — an approved, not yet issued CertificateSigningRequest gets status.certificate,
 * a certificate from the cluster CA with the request's subject (CN = user, O = groups) and
 * public key, valid from five minutes ago (the signer's backdating) for
 * spec.expirationSeconds (at least 10 minutes) or the default year, never past the CA.
 * A request that does not parse or whose usages a client certificate cannot have is marked
 * Failed, as upstream's signer does. Mirrors kubernetes pkg/controller/certificates/signer.
 */
import type { KubeObject } from '../../api/meta';
import type { Controller, ReconcileContext, Request } from '../../sim/controller';

export const NAME = 'csrsigning-controller';
export const KUBE_APISERVER_CLIENT = 'kubernetes.io/kube-apiserver-client';
export const KUBE_APISERVER_CLIENT_KUBELET = 'kubernetes.io/kube-apiserver-client-kubelet';
const SIGNERS = new Set([KUBE_APISERVER_CLIENT, KUBE_APISERVER_CLIENT_KUBELET]);

/** DEFAULT_DURATION_MS is --cluster-signing-duration's default (8760h). */
export const DEFAULT_DURATION_MS = 365 * 24 * 3600_000;
const BACKDATE_MS = 5 * 60_000;
const MIN_EXPIRATION_SECONDS = 600;
const CLIENT_USAGES = new Set(['digital signature', 'key encipherment', 'client auth']);

type Condition = { type: string; status?: string };

const has = (csr: KubeObject, type: string) => ((csr.status?.conditions ?? []) as Condition[]).some((c) => c.type === type && c.status !== 'False');

/** csrSigner issues certificates for approved client-certificate requests. */
export const csrSigner: Controller = {
  name: NAME,
  for: 'CertificateSigningRequest',
  reconcile(req: Request, ctx: ReconcileContext): void {
    const csr = ctx.api.tryGet({ kind: 'CertificateSigningRequest', name: req.name }) as KubeObject | undefined;
    if (!csr || !SIGNERS.has(csr.spec?.signerName) || csr.status?.certificate) return;
    if (!has(csr, 'Approved') || has(csr, 'Denied') || has(csr, 'Failed')) return;
    // Loaded only when a request is to be signed: most settles never need node:crypto.
    const { issueCertificate, parseCertificateRequest } = require('../../api/pki/x509') as typeof import('../../api/pki/x509');
    const crypto = require('node:crypto') as typeof import('node:crypto');
    const now = ctx.clock.nowMs();
    const fail = (message: string) => {
      const at = ctx.clock.nowISO();
      const conditions = [...(csr.status?.conditions ?? []), { type: 'Failed', status: 'True', reason: 'SignerValidationFailure', message, lastUpdateTime: at, lastTransitionTime: at }];
      ctx.api.updateStatus({ ...csr, status: { ...csr.status, conditions } }, { fieldManager: NAME });
    };
    const request = parseCertificateRequest(Buffer.from(csr.spec?.request ?? '', 'base64').toString('utf8'));
    if (!request || !request.signatureValid) return fail('unable to parse csr: PEM block type must be CERTIFICATE REQUEST');
    const usages: string[] = csr.spec?.usages ?? [];
    const bad = usages.filter((u) => !CLIENT_USAGES.has(u));
    if (bad.length) return fail(`invalid usage for client certificate: ${bad.join(',')}`);
    const ca = ctx.api.certificateAuthority();
    const seconds: number | undefined = csr.spec?.expirationSeconds;
    const durationMs = seconds !== undefined ? Math.max(seconds, MIN_EXPIRATION_SECONDS) * 1000 : DEFAULT_DURATION_MS;
    const notBeforeMs = Math.floor((now - BACKDATE_MS) / 1000) * 1000;
    const notAfterMs = Math.min(Math.floor((now + durationMs) / 1000) * 1000, ca.notAfterMs);
    // The serial is random upstream; a hash of the request's uid keeps a replay byte-identical.
    const serial = BigInt(`0x${crypto.createHash('sha256').update(csr.metadata.uid ?? csr.metadata.name!).digest('hex').slice(0, 30)}`);
    const pem = issueCertificate({ serial, subject: request.subject, notBeforeMs, notAfterMs, publicKeyDer: request.publicKeyDer, isCA: false }, ca.subject, ca.key, ca.publicKeyDer);
    ctx.api.updateStatus({ ...csr, status: { ...csr.status, certificate: Buffer.from(pem, 'utf8').toString('base64') } }, { fieldManager: NAME });
  },
};
