import { Badge } from "@/components/ui/badge";

const STATUS_VARIANT = { open: "default", "in-progress": "warning", resolved: "success", closed: "secondary" } as const;
const PRIORITY_VARIANT = { low: "secondary", medium: "outline", high: "destructive" } as const;

export function StatusBadge({ status }: { status: string }) {
  return <Badge variant={STATUS_VARIANT[status as keyof typeof STATUS_VARIANT] ?? "outline"}>{status}</Badge>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  return <Badge variant={PRIORITY_VARIANT[priority as keyof typeof PRIORITY_VARIANT] ?? "outline"}>{priority}</Badge>;
}
