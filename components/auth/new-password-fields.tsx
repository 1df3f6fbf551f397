import { FormField } from "./form-field";
import { PasswordStrength } from "./password-strength";

type InputProps = Omit<React.ComponentProps<typeof FormField>, "label" | "id">;

/**
 * A new password typed twice (registration, reset): the password, its live strength meter, and
 * the confirmation. `bind` wires each input to the form (useZodForm's `bind`).
 */
export function NewPasswordFields({
  password,
  bind,
  passwordLabel,
  confirmLabel,
}: {
  password: string;
  bind: (name: "password" | "confirm") => InputProps;
  passwordLabel: string;
  confirmLabel: string;
}) {
  return (
    <>
      <FormField
        label={passwordLabel}
        id="password"
        type="password"
        autoComplete="new-password"
        {...bind("password")}
      />
      <PasswordStrength password={password} />
      <FormField label={confirmLabel} id="confirm" type="password" autoComplete="new-password" {...bind("confirm")} />
    </>
  );
}
