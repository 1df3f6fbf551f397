"use server";

// Mutations of the AI set-up (connections, templates) shared by the dashboard and the generator.

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { userAction } from "@/lib/http/action";
import { checkProviderKey } from "@/lib/ai/provider-models";
import { activateConnection, connectionApiKey, createConnection, deleteConnection } from "@/lib/services/connections/connections";
import { createConnectionSchema } from "@/lib/services/connections/schemas";
import { deleteTemplate } from "@/lib/services/templates/templates";

const idSchema = z.object({ id: z.string().min(1) });

export const addConnectionAction = userAction(createConnectionSchema, async (input, user) => {
  const connection = await createConnection(user.id, input);
  revalidatePath("/dashboard");
  return connection;
});

export const deleteConnectionAction = userAction(idSchema, async ({ id }, user) => {
  await deleteConnection(user.id, id);
  revalidatePath("/dashboard");
  return { id };
});

export const activateConnectionAction = userAction(idSchema, async ({ id }, user) => {
  await activateConnection(user.id, id);
  revalidatePath("/dashboard");
  return { id };
});

/** Checks a saved key against the provider (list-models). */
export const checkConnectionAction = userAction(idSchema, async ({ id }, user) => {
  const { provider, apiKey } = await connectionApiKey(user.id, id);
  return checkProviderKey(provider, apiKey);
});

export const deleteTemplateAction = userAction(idSchema, async ({ id }, user) => {
  await deleteTemplate(user.id, id);
  revalidatePath("/dashboard");
  return { id };
});
