/** An expected failure with a user-facing message; the edge turns it into `{ msg, ...extra }`. */
export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly msg: string,
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(msg);
    this.name = "AppError";
  }
}

export const badRequest = (msg: string, extra?: Record<string, unknown>) => new AppError(400, msg, extra);
export const notFound = (msg = "Not found") => new AppError(404, msg);
export const forbidden = (msg: string, extra?: Record<string, unknown>) => new AppError(403, msg, extra);
export const conflict = (msg: string) => new AppError(409, msg);
