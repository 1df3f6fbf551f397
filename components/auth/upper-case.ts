import type { UseFormRegisterReturn } from "react-hook-form";

/**
 * A registered text field whose value is forced to upper case as the user types (promo codes,
 * licence keys), keeping the caret where it was.
 */
export function upperCased<T extends UseFormRegisterReturn>(registration: T): T {
  return {
    ...registration,
    onChange: (event: { target: unknown; type?: unknown }) => {
      const input = event.target;
      if (input instanceof HTMLInputElement && input.value !== input.value.toUpperCase()) {
        const { selectionStart, selectionEnd } = input;
        input.value = input.value.toUpperCase();
        input.setSelectionRange(selectionStart, selectionEnd);
      }
      return registration.onChange(event);
    },
  };
}
