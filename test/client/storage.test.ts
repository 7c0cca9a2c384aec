import { afterEach, describe, expect, it, vi } from "vitest";
import { readStorage, writeStorage } from "../../templates/client/storage.js";

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("readStorage and writeStorage", () => {
  it("read and write a working storage", () => {
    const local = memoryStorage();
    vi.stubGlobal("window", { localStorage: local, sessionStorage: memoryStorage() });
    expect(readStorage("localStorage", "i18nextLng")).toBeNull();
    writeStorage("localStorage", "i18nextLng", "ja");
    expect(local.data.get("i18nextLng")).toBe("ja");
    expect(readStorage("localStorage", "i18nextLng")).toBe("ja");
    expect(readStorage("sessionStorage", "i18nextLng")).toBeNull();
  });

  it("treat a storage that throws (Safari private mode, disabled storage) as empty", () => {
    const refuse = () => {
      throw new DOMException("The operation is insecure.", "SecurityError");
    };
    vi.stubGlobal("window", { localStorage: { getItem: refuse, setItem: refuse } });
    expect(readStorage("localStorage", "i18nextLng")).toBeNull();
    expect(() => writeStorage("localStorage", "i18nextLng", "ja")).not.toThrow();
  });

  it("treat a storage whose very access throws as empty", () => {
    const win = {};
    Object.defineProperty(win, "localStorage", {
      get() {
        throw new DOMException("Access is denied", "SecurityError");
      },
    });
    vi.stubGlobal("window", win);
    expect(readStorage("localStorage", "i18nextLng")).toBeNull();
    expect(() => writeStorage("localStorage", "i18nextLng", "en")).not.toThrow();
  });

  it("treat a missing storage as empty", () => {
    vi.stubGlobal("window", {});
    expect(readStorage("sessionStorage", "langBannerDismissed")).toBeNull();
    expect(() => writeStorage("sessionStorage", "langBannerDismissed", "ja")).not.toThrow();
  });
});
