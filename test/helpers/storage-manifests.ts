/** storage-manifests: the claim-using Pod the storage scenarios share. */

/** podUsingClaim is Pod `app` (nginx) mounting claim `claim` at /data. */
export function podUsingClaim(claim = 'data'): string {
  return `apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - name: app
    image: nginx
    volumeMounts:
    - name: data
      mountPath: /data
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: ${claim}
`;
}
