import { describe, expect, it } from "vitest";
import { isForbiddenAddress, isForbiddenHostname } from "@/lib/webhooks/address-policy";
import { assertAllowedUrl } from "@/lib/webhooks/http-post";

const PRIVATE = /private, local and metadata addresses are refused/;
const strict = { allowPrivate: false, requireHttps: false };

describe("isForbiddenAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["10.1.2.3", "10/8"],
    ["172.16.0.1", "172.16/12, first"],
    ["172.31.255.255", "172.16/12, last"],
    ["192.168.1.1", "192.168/16"],
    ["169.254.169.254", "link-local / cloud metadata"],
    ["100.64.0.1", "CGNAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fc00::1", "IPv6 unique local"],
    ["fd12:3456::1", "IPv6 unique local (fd)"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback (dotted)"],
    ["::ffff:7f00:1", "IPv4-mapped loopback (hex, as new URL() writes it)"],
    ["::ffff:a9fe:a9fe", "IPv4-mapped metadata address (hex)"],
    ["0:0:0:0:0:ffff:7f00:1", "IPv4-mapped loopback (uncompressed)"],
    ["::7f00:1", "IPv4-compatible loopback"],
    ["64:ff9b::a9fe:a9fe", "NAT64 of the metadata address"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["fec0::1", "IPv6 site-local"],
    ["ff02::1", "IPv6 multicast"],
    ["[::1]", "bracketed"],
    ["192.0.0.8", "IETF protocol assignments 192.0.0.0/24"],
    ["192.0.2.1", "documentation TEST-NET-1"],
    ["198.51.100.1", "documentation TEST-NET-2"],
    ["203.0.113.7", "documentation TEST-NET-3"],
    ["198.18.0.1", "benchmarking 198.18.0.0/15"],
    ["198.19.255.254", "benchmarking, last"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved 240.0.0.0/4"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"],
    ["2001:db8::1", "IPv6 documentation"],
    ["100::1", "IPv6 discard"],
    ["2002:c000:0201::1", "6to4 of a documentation address"],
    ["::ffff:198.51.100.1", "IPv4-mapped documentation address"],
    ["64:ff9b:1::a00:1", "NAT64 local-use prefix"],
    ["fe80::1%eth0", "link-local with a zone"],
  ])("refuses %s (%s)", (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "172.32.0.1",
    "172.15.255.255",
    "1.1.1.1",
    "100.128.0.1",
    "2606:4700::1111",
    "::ffff:8.8.8.8",
    "::ffff:808:808",
    "64:ff9b::808:808",
    "2002:808:808::1",
    "2a00:1450:4001:82b::200e",
    "192.0.3.1",
    "192.1.2.3",
    "192.0.1.1",
    "198.17.255.1",
    "198.20.0.1",
    "198.51.101.1",
    "203.0.114.1",
  ])("allows %s", (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it("refuses anything that is not an IP address (fails closed)", () => {
    expect(isForbiddenAddress("example.com")).toBe(true);
    expect(isForbiddenAddress("")).toBe(true);
  });
});

describe("isForbiddenHostname", () => {
  it.each(["localhost", "LOCALHOST", "localhost.", "foo.localhost", "metadata.google.internal", "metadata"])(
    "refuses %s",
    (host) => {
      expect(isForbiddenHostname(host)).toBe(true);
    },
  );

  it.each(["example.com", "hooks.zapier.com", "hook.eu1.make.com", "notlocalhost.com"])("allows %s", (host) => {
    expect(isForbiddenHostname(host)).toBe(false);
  });
});

describe("assertAllowedUrl", () => {
  it.each([
    "http://127.0.0.1:8080/hook",
    "http://10.0.0.5/x",
    "http://169.254.169.254/latest",
    "http://localhost:3000/",
    "http://foo.localhost/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://[::1]:8080/",
    // Spellings the URL parser turns into a forbidden address.
    "http://2130706433/",
    "http://0x7f000001/",
    "http://127.1/",
    "http://0/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:169.254.169.254]/latest",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://198.51.100.1/hook",
    "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
  ])("refuses %s when private targets are not allowed", (url) => {
    expect(() => assertAllowedUrl(url, strict)).toThrow(PRIVATE);
  });

  it("accepts public addresses and host names (names are checked again at connect time)", () => {
    expect(assertAllowedUrl("http://8.8.8.8/hook", strict).hostname).toBe("8.8.8.8");
    expect(assertAllowedUrl("http://192.0.3.1/hook", strict).hostname).toBe("192.0.3.1");
    expect(assertAllowedUrl("http://192.1.2.3/hook", strict).hostname).toBe("192.1.2.3");
    expect(assertAllowedUrl("https://hooks.zapier.com/hooks/catch/1/abc", strict).hostname).toBe("hooks.zapier.com");
    expect(assertAllowedUrl("https://[2606:4700::1111]/", strict).hostname).toBe("[2606:4700::1111]");
  });

  it("accepts private targets when they are allowed", () => {
    expect(assertAllowedUrl("http://127.0.0.1:8080/hook", { allowPrivate: true, requireHttps: false }).port).toBe(
      "8080",
    );
  });

  it("requires https outside local mode", () => {
    expect(() => assertAllowedUrl("http://example.com", { requireHttps: true, allowPrivate: false })).toThrow(
      "Webhook URLs must use https://",
    );
    expect(() => assertAllowedUrl("http://127.0.0.1/", { requireHttps: true, allowPrivate: true })).toThrow(
      "Webhook URLs must use https://",
    );
    expect(assertAllowedUrl("https://example.com/h", { requireHttps: true, allowPrivate: false }).protocol).toBe(
      "https:",
    );
  });

  it("refuses other schemes, credentials in the URL and unparsable input", () => {
    expect(() => assertAllowedUrl("ftp://example.com/", strict)).toThrow("Webhook URLs must use http:// or https://");
    expect(() => assertAllowedUrl("file:///etc/passwd", strict)).toThrow("Webhook URLs must use http:// or https://");
    expect(() => assertAllowedUrl("https://user:pw@example.com/", strict)).toThrow(
      "must not contain a user name or password",
    );
    expect(() => assertAllowedUrl("not a url", strict)).toThrow("Please enter a valid webhook URL");
  });
});
