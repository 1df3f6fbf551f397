/** Display names shared by several screens. */
const USE_CASE_LABELS: Record<string, string> = {
  web_research: "Web Research",
  content_creation: "Content Creation",
};

export function labelOfUseCase(useCase: string): string {
  return USE_CASE_LABELS[useCase] ?? useCase;
}
