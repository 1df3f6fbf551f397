/** Operations of the address checks: start one on a file, list a file's checks, read one, cancel one. */
import { emailCheckSchema } from "@/lib/services/email-checks/schemas";
import { ok, type OperationSpec } from "./operation-spec";

const TAG = "Address checks" as const;
const CHECK_ID = "8b7e2c1d-4a5f-4e3b-9c2d-1e0f3a4b5c6d";

export const EMAIL_CHECK_OPERATIONS: readonly OperationSpec[] = [
  {
    method: "post",
    path: "/api/csv/{id}/email-check",
    operationId: "startEmailCheck",
    tag: TAG,
    summary: "Check a file's addresses in the background",
    description:
      "Each checked row gets the column `Email Status` (created on first use): `valid`, `invalid` (syntax), `disposable`, `no_mx`, `duplicate` (the address is in an earlier row), `role`, `unknown` (the domain's DNS did not answer); the first that applies in this order: invalid, disposable, no_mx, duplicate, role, unknown, valid. An empty cell gets no status. `column` defaults to the file's e-mail column; `rowIds` (as in `GET /csv/{id}`) to every row. `connectionId` of a ZeroBounce connection adds the deep check for the locally valid addresses (`catch_all`, `spamtrap`, `abuse`, `do_not_mail`, or its `valid`, `invalid`, `unknown`). 202 `{ checkId }`.",
    access: "user",
    body: emailCheckSchema,
    bodyExample: { column: "Email" },
    success: {
      status: 202,
      description: "The check is queued",
      schema: "EmailCheckStarted",
      example: { checkId: CHECK_ID },
    },
  },
  {
    method: "get",
    path: "/api/csv/{id}/email-checks",
    operationId: "listFileEmailChecks",
    tag: TAG,
    summary: "A file's address checks, newest first",
    access: "user",
    success: ok("Checks", "EmailChecks"),
  },
  {
    method: "get",
    path: "/api/email-checks/{id}",
    operationId: "getEmailCheck",
    tag: TAG,
    summary: "An address check's progress and counts",
    access: "user",
    success: ok("The check", "EmailCheck"),
  },
  {
    method: "post",
    path: "/api/email-checks/{id}/cancel",
    operationId: "cancelEmailCheck",
    tag: TAG,
    summary: "Cancel an address check",
    description:
      "Stops between two chunks of rows; the rows checked keep their status. A finished check is answered as it is.",
    access: "user",
    success: ok("The check", "EmailCheck"),
  },
];
