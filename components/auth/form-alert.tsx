import { CircleAlertIcon, CircleCheckIcon } from "@/components/icons/line-icons";
import { Alert, AlertDescription } from "@/components/ui/alert";

/** An inline error or success message for a form; `id` lets invalid fields point at it. */
export function FormAlert({
  kind,
  id,
  children,
}: {
  kind: "error" | "success";
  id?: string;
  children: React.ReactNode;
}) {
  const Icon = kind === "error" ? CircleAlertIcon : CircleCheckIcon;
  return (
    <Alert variant={kind === "error" ? "destructive" : "success"} id={id}>
      <Icon aria-hidden />
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

/** The form's one error message, or nothing; invalid fields point at its `id`. */
export function FormErrorAlert({ id, message }: { id: string; message: string }) {
  if (!message) return null;
  return (
    <FormAlert kind="error" id={id}>
      {message}
    </FormAlert>
  );
}
