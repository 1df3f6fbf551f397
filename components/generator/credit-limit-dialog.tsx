"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

export function CreditLimitDialog({
  open,
  onOpenChange,
  daily = 100,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  daily?: number;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Credit Limit Reached</DialogTitle>
          <DialogDescription>
            {daily === 100
              ? "You've reached your daily limit of 100 emails."
              : `You've reached your daily limit of ${daily} emails.`}{" "}
            Credits reset at midnight UTC, or upgrade to the lifetime plan for unlimited emails.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button asChild>
            <Link href="/pricing">Upgrade Now</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
