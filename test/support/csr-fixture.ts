/** A PKCS#10 request (ECDSA P-256, CN=system:node:worker-1, O=system:nodes) as spec.request carries it (base64 of the PEM), and one whose signature does not verify. */
export const CSR_REQUEST =
  "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlIeE1JR1lBZ0VBTURZeEhUQWJCZ05WQkFNTUZITjVjM1JsYlRwdWIyUmxPbmR2Y210bGNpMHhNUlV3RXdZRApWUVFLREF4emVYTjBaVzA2Ym05a1pYTXdXVEFUQmdjcWhrak9QUUlCQmdncWhrak9QUU1CQndOQ0FBU0RUdDRSCnhHR2k5dWRvZWhLVk9JMDQ4NUorQjVCRHl1V3poTVVBVm9IZFFPVG0yTFZ1ZHBvN1pTRnhjNC92S2ZoOVFFM3YKZmFuNitKV05NK1NWYml5Zm9BQXdDZ1lJS29aSXpqMEVBd0lEU0FBd1JRSWhBTVNDVVBlalhKYUlWSzZkbFlEcAp6UW1QRnA0N3VqaFdISVRZZFNha0kveWFBaUI5WG5lWXRWM2lpRlE0ZHJVbXBVVXkyNWwvUllhb1dldWR2Q0daClBsZkk0UT09Ci0tLS0tRU5EIENFUlRJRklDQVRFIFJFUVVFU1QtLS0tLQo=";

/** The same request with the last byte of its signature changed. */
export function tamperedRequest(): string {
  const pem = Buffer.from(CSR_REQUEST, "base64").toString("latin1");
  const m = /-----BEGIN CERTIFICATE REQUEST-----\n([\s\S]*?)-----END CERTIFICATE REQUEST-----/.exec(pem)!;
  const der = Buffer.from(m[1]!.replace(/\s/g, ""), "base64");
  der[der.length - 1] = der[der.length - 1]! ^ 0x01;
  const body = der.toString("base64").replace(/(.{64})/g, "$1\n");
  return Buffer.from(`-----BEGIN CERTIFICATE REQUEST-----\n${body}\n-----END CERTIFICATE REQUEST-----\n`).toString("base64");
}

/** A self-signed EC certificate (CN=valgaps6) as status.certificate carries it (base64 of the PEM): what a signer would issue. */
export const ISSUED_CERTIFICATE =
  "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJlekNDQVNHZ0F3SUJBZ0lVU2R6WndxTnp5YmlYeUJQbUhnaEE5RDFrclZ3d0NnWUlLb1pJemowRUF3SXcKRXpFUk1BOEdBMVVFQXd3SWRtRnNaMkZ3Y3pZd0hoY05Nall4TVRJM01ERXpOREkxV2hjTk16WXhNVEkwTURFegpOREkxV2pBVE1SRXdEd1lEVlFRRERBaDJZV3huWVhCek5qQlpNQk1HQnlxR1NNNDlBZ0VHQ0NxR1NNNDlBd0VICkEwSUFCQVZTQmZZc1BOdUVkWDFKUFY0UDhxc3hZK3dkeDVCd3NSdXpESi92dXk3a281MExhcFZhdEJERnA5WDMKR21hTkIydzZTZXdwTk92QTQwdTI3UkcyOVdpalV6QlJNQjBHQTFVZERnUVdCQlI5U3F6L0pZSE1DanMzbW5hVwppMGR4a1dsdnpqQWZCZ05WSFNNRUdEQVdnQlI5U3F6L0pZSE1DanMzbW5hV2kwZHhrV2x2empBUEJnTlZIUk1CCkFmOEVCVEFEQVFIL01Bb0dDQ3FHU000OUJBTUNBMGdBTUVVQ0lHTW0xWkRiVUdqZDNwQW1BT0VMSm9rdVd4UXIKNTNkY3ZXVXozN0c0VWl6Q0FpRUFrVm4vcmhIQ2EvVnFiam82dktqbCttZStKc2xxdkY3TUh0OFMxc2NJcjVvPQotLS0tLUVORCBDRVJUSUZJQ0FURS0tLS0tCg==";
