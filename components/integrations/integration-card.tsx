import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

/** One card of the dashboard's Integrations: title with icon and badge, description, content, action. */
export function IntegrationCard({
  icon,
  title,
  description,
  badge,
  action,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  description: React.ReactNode;
  badge?: React.ReactNode;
  action: React.ReactNode;
  /** What the card lists (a tool's keys); empty space otherwise. */
  children?: React.ReactNode;
}) {
  return (
    <Card data-testid={`integration-${title.toLowerCase().replace(/\s+/g, "-")}`}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {icon}
          {title}
          {badge}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
      <CardFooter>{action}</CardFooter>
    </Card>
  );
}
