/**
 * The columns upstream's printers give admissionregistration.k8s.io kinds: a webhook
 * configuration's webhook count; a policy's validation count and paramKind; a binding's policy
 * and paramRef (a selector shown as Go's generated String() of metav1.LabelSelector, as
 * upstream prints it).
 */
import { ageColumn, column, nameColumn, type TablePrinter } from "../table.js";
import { age, arr, get, name, str, type Obj } from "./shared.js";

const UNSET = "<unset>";

/** Go's `%v` of a []string: `[a b]`. */
const goStrings = (v: unknown): string => `[${arr(v).map(String).join(" ")}]`;

/** The gogo-generated String() of a metav1.LabelSelector (keys sorted, as sort.Strings). */
export function goLabelSelectorString(sel: Obj): string {
  const labels = typeof sel.matchLabels === "object" && sel.matchLabels !== null ? (sel.matchLabels as Obj) : {};
  // Label keys are ASCII: code-unit order is Go's byte order.
  const keys = Object.keys(labels).sort();
  const matchLabels = keys.map((k) => `${k}: ${String(labels[k])},`).join("");
  const expressions = arr(sel.matchExpressions)
    .map(
      (e) =>
        `LabelSelectorRequirement{Key:${str(get(e, "key"))},Operator:${str(get(e, "operator"))},Values:${goStrings(get(e, "values"))},},`,
    )
    .join("");
  return `&LabelSelector{MatchLabels:map[string]string{${matchLabels}},MatchExpressions:[]LabelSelectorRequirement{${expressions}},}`;
}

/** printValidatingAdmissionPolicyBinding's ParamRef cell. */
function paramRefCell(ref: unknown): string {
  if (typeof ref !== "object" || ref === null) return UNSET;
  const r = ref as Obj;
  const refName = str(r.name);
  if (refName !== "") return str(r.namespace) !== "" ? `${str(r.namespace)}/${refName}` : `*/${refName}`;
  if (typeof r.selector === "object" && r.selector !== null) return goLabelSelectorString(r.selector as Obj);
  return UNSET;
}

const WEBHOOKS_DOC = "Webhooks indicates the number of webhooks registered in this configuration";
const PARAM_KIND_DOC = "ParamKind specifies the kind of resources used to parameterize this policy";
const POLICY_NAME_DOC = "PolicyName indicates the policy definition which the policy binding binded to";
const PARAM_REF_DOC = "ParamRef indicates the param resource which sets the configration param";

export function admissionRegistrationPrinters(): Map<string, TablePrinter> {
  const m = new Map<string, TablePrinter>();
  const webhooks: TablePrinter = {
    columns: [nameColumn(), column("Webhooks", "integer", WEBHOOKS_DOC), ageColumn()],
    cells: (o, now) => [name(o), arr((o as Obj).webhooks).length, age(o, now)],
  };
  m.set("admissionregistration.k8s.io/mutatingwebhookconfigurations", webhooks);
  m.set("admissionregistration.k8s.io/validatingwebhookconfigurations", webhooks);
  m.set("admissionregistration.k8s.io/validatingadmissionpolicies", {
    columns: [
      nameColumn(),
      column("Validations", "integer", "Validations indicates the number of validation rules defined in this configuration"),
      column("ParamKind", "string", PARAM_KIND_DOC),
      ageColumn(),
    ],
    cells: (o, now) => {
      const paramKind = get(o, "spec", "paramKind");
      const kindCell =
        typeof paramKind === "object" && paramKind !== null ? `${str(get(paramKind, "apiVersion"))}/${str(get(paramKind, "kind"))}` : UNSET;
      return [name(o), arr(get(o, "spec", "validations")).length, kindCell, age(o, now)];
    },
  });
  m.set("admissionregistration.k8s.io/validatingadmissionpolicybindings", {
    columns: [nameColumn(), column("PolicyName", "string", POLICY_NAME_DOC), column("ParamRef", "string", PARAM_REF_DOC), ageColumn()],
    cells: (o, now) => [name(o), str(get(o, "spec", "policyName")), paramRefCell(get(o, "spec", "paramRef")), age(o, now)],
  });
  return m;
}
