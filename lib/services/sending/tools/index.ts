import "server-only";
import type { SendingTool } from "@/lib/sending/tools";
import { instantly } from "./instantly";
import { lemlist } from "./lemlist";
import { smartlead } from "./smartlead";
import type { SendingToolClient } from "./types";

/** The sending tools' clients, by service. */
export const SENDING_TOOL_CLIENTS: Record<SendingTool, SendingToolClient> = { instantly, smartlead, lemlist };
