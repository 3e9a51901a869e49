/**
 * The CertificateSigningRequest plugins, as upstream's:
 * - CertificateApproval: approving or denying (the `approval` subresource) needs the `approve`
 *   verb on `signers` for the request's signerName (or `<domain>/*`);
 * - CertificateSigning: setting `status.certificate` (the `status` subresource) needs `sign`;
 * - CertificateSubjectRestriction: a request to the `kubernetes.io/kube-apiserver-client` signer
 *   may not ask for the `system:masters` group.
 * The verbs are checked with the server's authorizer, as the request's own user.
 */
import type { AuthorizationAttributes, Decision } from "../auth/authorizer.js";
import type { UserInfo } from "../auth/user.js";
import type { KubeObject } from "../registry/rest.js";
import { certificateRequestOrganizations } from "../registry/resources/certificatesigningrequests/pkcs10.js";
import { admissionForbidden } from "./forbidden.js";
import type { AdmissionAttributes, AdmissionPlugin } from "./interface.js";

const GROUP = "certificates.k8s.io";
const API_SERVER_CLIENT_SIGNER = "kubernetes.io/kube-apiserver-client";

export type Authorize = (a: AuthorizationAttributes) => Decision | Promise<Decision>;

const isCSR = (a: AdmissionAttributes, subresource: string): boolean =>
  a.resource.group === GROUP && a.resource.resource === "certificatesigningrequests" && a.subresource === subresource;

const signerOf = (csr: KubeObject | undefined): string => (csr?.spec as { signerName?: string } | undefined)?.signerName ?? "";

/** Whether `user` may `verb` the signer by its name, or by its domain's wildcard (`example.com/*`). */
export async function authorizedForSigner(authorize: Authorize, user: UserInfo, verb: string, signerName: string): Promise<boolean> {
  const ask = async (name: string): Promise<boolean> => {
    try {
      const d = await authorize({
        user,
        verb,
        isResourceRequest: true,
        path: "",
        apiGroup: GROUP,
        apiVersion: "*",
        namespace: "",
        resource: "signers",
        subresource: "",
        name,
      });
      return d.allowed;
    } catch {
      // An authorizer error is a denial, as upstream.
      return false;
    }
  };
  return (await ask(signerName)) || ask(`${signerName.split("/")[0]}/*`);
}

export class CertificateApproval implements AdmissionPlugin {
  readonly name = "CertificateApproval";
  constructor(private readonly authorize: Authorize) {}

  /** Only an approval gets a promise: every other write passes with none for the chain to wait on. */
  validate(a: AdmissionAttributes): Promise<void> | undefined {
    if (a.operation !== "UPDATE" || !isCSR(a, "approval")) return;
    return this.validateApproval(a);
  }

  private async validateApproval(a: AdmissionAttributes): Promise<void> {
    // The old object's signer: an approval cannot change it, and must not get past this by trying.
    const signer = signerOf(a.oldObject);
    if (!(await authorizedForSigner(this.authorize, a.user, "approve", signer)))
      throw admissionForbidden(a, `user not permitted to approve requests with signerName ${JSON.stringify(signer)}`);
  }
}

export class CertificateSigning implements AdmissionPlugin {
  readonly name = "CertificateSigning";
  constructor(private readonly authorize: Authorize) {}

  /** Only a change of the issued certificate gets a promise (see {@link CertificateApproval.validate}). */
  validate(a: AdmissionAttributes): Promise<void> | undefined {
    if (a.operation !== "UPDATE" || !isCSR(a, "status")) return;
    const certificate = (csr: KubeObject | undefined): unknown => (csr?.status as { certificate?: unknown } | undefined)?.certificate ?? "";
    // Only a change of the issued certificate is signing; conditions alone are not.
    if (certificate(a.object) === certificate(a.oldObject)) return;
    return this.validateSigning(a);
  }

  private async validateSigning(a: AdmissionAttributes): Promise<void> {
    const signer = signerOf(a.oldObject);
    if (!(await authorizedForSigner(this.authorize, a.user, "sign", signer)))
      throw admissionForbidden(a, `user not permitted to sign requests with signerName ${JSON.stringify(signer)}`);
  }
}

export class CertificateSubjectRestriction implements AdmissionPlugin {
  readonly name = "CertificateSubjectRestriction";

  /** Only a CSR's create gets a promise (see {@link CertificateApproval.validate}). */
  validate(a: AdmissionAttributes): Promise<void> | undefined {
    if (a.operation !== "CREATE" || !isCSR(a, "") || !a.object) return;
    return this.validateSubject(a, a.object);
  }

  private async validateSubject(a: AdmissionAttributes, object: KubeObject): Promise<void> {
    const signer = signerOf(object);
    if (signer !== API_SERVER_CLIENT_SIGNER) return;
    const request = (object.spec as { request?: unknown } | undefined)?.request;
    const orgs = typeof request === "string" ? certificateRequestOrganizations(Buffer.from(request, "base64")) : undefined;
    if (!orgs) throw admissionForbidden(a, "unable to parse CSR: x509: malformed certificate request");
    if (orgs.includes("system:masters")) throw admissionForbidden(a, `use of ${signer} signer with system:masters group is not allowed`);
  }
}
