/** certificate-signing-request: the CSR printer (printers.go printCertificateSigningRequest). */
import type { KubeObject } from '../../api/meta';
import { humanDuration } from '../age';
import { ageCell, nameCell, NONE } from './cells';
import { col, type PrintContext, type TableDef } from './table-def';

/** csrCondition is Denied / Approved / Pending, then ",Failed" and ",Issued" when they apply. */
export function csrCondition(csr: KubeObject): string {
  const types = new Set((csr.status?.conditions ?? []).map((c: { type?: string }) => c.type));
  let s = types.has('Denied') ? 'Denied' : types.has('Approved') ? 'Approved' : 'Pending';
  if (types.has('Failed')) s += ',Failed';
  if (csr.status?.certificate) s += ',Issued';
  return s;
}

/** csrTable is the CertificateSigningRequest printer; note AGE is the second column. */
export const csrTable: TableDef = {
  columns: [col('Name'), col('Age'), col('SignerName'), col('Requestor'), col('RequestedDuration'), col('Condition')],
  cells(csr: KubeObject, ctx: PrintContext): string[] {
    const secs = csr.spec?.expirationSeconds;
    return [nameCell(csr), ageCell(csr, ctx), csr.spec?.signerName ?? '', csr.spec?.username ?? '',
      secs == null ? NONE : humanDuration(secs * 1000), csrCondition(csr)];
  },
};
