import { PageSpinner } from "@/components/feedback/page-spinner";

export default function Loading() {
  return <PageSpinner />;
}
