import { describe, expect, it } from "vitest";
import {
  afterDns,
  beforeDns,
  domainOf,
  isDisposableDomain,
  isRoleAccount,
  ROLE_ACCOUNTS,
} from "@/lib/services/email-checks/classify";

// docs/api.md "Address checks": the local checks of one address and their precedence
// (invalid > disposable > no_mx > duplicate > role > unknown > valid).

describe("before the domain's lookup", () => {
  it("an empty cell gets no status; bad syntax is invalid; a disposable domain is disposable; the rest need DNS", () => {
    expect(beforeDns("")).toBeNull();
    expect(beforeDns("   ")).toBeNull();
    for (const bad of ["not-an-address", "a@", "@acme.test", "a b@acme.test", "a@acme", "a@@acme.test", "a@acme..test"])
      expect(beforeDns(bad), bad).toBe("invalid");
    expect(beforeDns("x@mailinator.com")).toBe("disposable");
    expect(beforeDns("X@YOPMAIL.COM")).toBe("disposable");
    expect(beforeDns(" ann@acme.test ")).toBe("dns");
    expect(beforeDns("info@acme.test")).toBe("dns");
  });

  it("a bad address is invalid even on a disposable domain (syntax comes first)", () => {
    expect(beforeDns("a b@mailinator.com")).toBe("invalid");
  });
});

describe("the disposable list (the mailchecker package)", () => {
  it("knows the usual throwaway domains and their subdomains, and not the common providers", () => {
    for (const d of ["mailinator.com", "guerrillamail.com", "10minutemail.com", "yopmail.com", "x.mailinator.com"])
      expect(isDisposableDomain(d), d).toBe(true);
    for (const d of ["gmail.com", "outlook.com", "acme.test", "example.com", "com"])
      expect(isDisposableDomain(d), d).toBe(false);
  });
});

describe("role accounts", () => {
  it("lists at least the contract's local parts", () => {
    const required = ["info", "sales", "support", "admin", "contact", "hello", "team", "office", "noreply", "no-reply"];
    for (const r of required) expect(ROLE_ACCOUNTS.has(r), r).toBe(true);
  });

  it("match case-insensitively, ignoring a +tag; a person's address is not a role", () => {
    expect(isRoleAccount("Info@acme.test")).toBe(true);
    expect(isRoleAccount("sales+eu@acme.test")).toBe(true);
    expect(isRoleAccount("no-reply@acme.test")).toBe(true);
    expect(isRoleAccount("postmaster@acme.test")).toBe(true);
    expect(isRoleAccount("ann@acme.test")).toBe(false);
    expect(isRoleAccount("information@acme.test")).toBe(false);
    expect(isRoleAccount("sales.ann@acme.test")).toBe(false);
  });
});

describe("after the domain's lookup: the precedence", () => {
  it("no_mx beats duplicate and role; duplicate beats role; role beats unknown; valid only when all passed", () => {
    expect(afterDns("info@acme.test", true, "no_mx")).toBe("no_mx");
    expect(afterDns("info@acme.test", true, "ok")).toBe("duplicate");
    expect(afterDns("info@acme.test", true, "unknown")).toBe("duplicate");
    expect(afterDns("info@acme.test", false, "ok")).toBe("role");
    expect(afterDns("info@acme.test", false, "unknown")).toBe("role");
    expect(afterDns("ann@acme.test", false, "unknown")).toBe("unknown");
    expect(afterDns("ann@acme.test", false, "ok")).toBe("valid");
    expect(afterDns("ann@acme.test", true, "ok")).toBe("duplicate");
  });

  it("the domain is the part after the last @, in lower case", () => {
    expect(domainOf("Ann@Acme.TEST")).toBe("acme.test");
    expect(domainOf('"a@b"@acme.test')).toBe("acme.test");
  });
});
