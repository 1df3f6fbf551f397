/** Messages of the auth forms that screens need before their schema loads (no zod here). */
export const FILL_IN_ALL_FIELDS = "Please fill in all fields";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const EMAIL_REQUIRED = "Please enter your email address";
