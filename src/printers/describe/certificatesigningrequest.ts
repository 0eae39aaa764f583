/**
 * certificatesigningrequest: `kubectl describe csr` (kubectl CertificateSigningRequestDescriber
 * and describeCertificateSigningRequest): the request's metadata, its status summary, and
 * the subject and alternative names read from the PEM request.
 */
import type { CertificateSigningRequestCondition } from '../../api/types/certificates-v1';
import type { KubeObject } from '../../api/meta';
import { humanDuration } from '../age';
import { wantEvents, type DescribeContext } from './context';
import { parseCsr } from './csr-request';
import { describeEvents } from './events';
import { LEVEL_0, PrefixWriter } from './prefix-writer';
import { formatLabels } from './selector-string';
import { formatRFC1123Z } from './time-format';

/** CSR_PARSE_ERROR prefixes the error when the request cannot be read. */
export const CSR_PARSE_ERROR = 'Error parsing CSR';

/** csrStatus is kubectl's extractCSRStatus: Denied/Approved/Pending, then ",Failed" and ",Issued". */
export function csrStatus(csr: KubeObject): string {
  const types = new Set<string>((csr.status?.conditions ?? []).map((c: CertificateSigningRequestCondition) => c.type));
  let status = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) status += ',Failed';
  if (csr.status?.certificate) status += ',Issued';
  return status;
}

// One "<prefix><name>:" line with the values one per line under the first.
function printList(w: PrefixWriter, name: string, values: readonly string[]): void {
  if (values.length === 0) return;
  w.write(LEVEL_0, `\t${name}:\t${values.join('\n\t\t')}\n`);
}

/** describeCertificateSigningRequest renders a certificates.k8s.io/v1 CertificateSigningRequest. */
export function describeCertificateSigningRequest(csr: KubeObject, ctx: DescribeContext): string {
  const spec = csr.spec ?? {};
  let cr;
  try {
    cr = parseCsr(spec.request);
  } catch (e) {
    throw new Error(`${CSR_PARSE_ERROR}: ${(e as Error).message}`);
  }
  const w = new PrefixWriter();
  w.write(LEVEL_0, `Name:\t${csr.metadata.name ?? ''}\n`);
  w.write(LEVEL_0, `Labels:\t${formatLabels(csr.metadata.labels)}\n`);
  w.write(LEVEL_0, `Annotations:\t${formatLabels(csr.metadata.annotations)}\n`);
  w.write(LEVEL_0, `CreationTimestamp:\t${formatRFC1123Z(csr.metadata.creationTimestamp)}\n`);
  w.write(LEVEL_0, `Requesting User:\t${spec.username ?? ''}\n`);
  if (spec.signerName) w.write(LEVEL_0, `Signer:\t${spec.signerName}\n`);
  if (spec.expirationSeconds !== undefined && spec.expirationSeconds !== null) {
    w.write(LEVEL_0, `Requested Duration:\t${humanDuration(spec.expirationSeconds * 1000)}\n`);
  }
  w.write(LEVEL_0, `Status:\t${csrStatus(csr)}\n`);
  w.write(LEVEL_0, 'Subject:\n');
  w.write(LEVEL_0, `\tCommon Name:\t${cr.commonName}\n`);
  w.write(LEVEL_0, `\tSerial Number:\t${cr.serialNumber}\n`);
  printList(w, 'Organization', cr.organization);
  printList(w, 'Organizational Unit', cr.organizationalUnit);
  printList(w, 'Country', cr.country);
  printList(w, 'Locality', cr.locality);
  printList(w, 'Province', cr.province);
  printList(w, 'StreetAddress', cr.streetAddress);
  printList(w, 'PostalCode', cr.postalCode);
  if (cr.dnsNames.length + cr.emailAddresses.length + cr.ipAddresses.length + cr.uris.length > 0) {
    w.write(LEVEL_0, 'Subject Alternative Names:\n');
    printList(w, 'DNS Names', cr.dnsNames);
    printList(w, 'Email Addresses', cr.emailAddresses);
    printList(w, 'URIs', cr.uris);
    printList(w, 'IP Addresses', cr.ipAddresses);
  }
  if (wantEvents(ctx)) describeEvents(ctx.events, w, ctx.now);
  return w.toString();
}
