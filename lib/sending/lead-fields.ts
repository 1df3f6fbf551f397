/**
 * A lead's fields before a sending tool gives them its shape: the e-mail, the first and last name and the company
 * (null: not mapped), and the campaign's variables by name. Pure, shared by server and screens. The same shape
 * holds the column each field is taken from (a push's mapping) and the values a row gives them (a lead).
 * `V`: what a variable holds; the push form's draft allows null (a variable left out of the push).
 */
export interface LeadFields<V extends string | null = string> {
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  variables: Record<string, V>;
}

/**
 * The mapping a push is asked for: a field not given takes its default column, `null` leaves an optional field
 * out, and a given `variables` replaces the default set.
 */
export type PushMappingInput = Partial<LeadFields>;
