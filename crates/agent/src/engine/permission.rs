//! The policy's decision on one call, asked of the approver when the policy asks, and the
//! permission record the log keeps of it.

use loopwright_protocol::event::{ApprovalAnswer, PermissionRecord, PolicyVerdict};
use loopwright_protocol::tool::ToolCall;

use super::Agent;
use crate::gate::{Approval, Verdict};
use crate::state::call_key;

impl Agent {
    /// The decision on `call` as recorded in the log, and `None` when the call may run,
    /// otherwise the text the model reads instead.
    pub(super) fn permission(
        &mut self,
        call: &ToolCall,
        request: &loopwright_policy::Request,
    ) -> (PermissionRecord, Option<String>) {
        let d = self.gate.decide(request);
        let reason = match &d.rule {
            Some(r) => format!("{} (rule {} #{})", d.reason, r.file, r.index),
            None => d.reason.clone(),
        };
        let record = |verdict, approval| PermissionRecord {
            call_id: call.id.clone(),
            tool: request.tool.clone(),
            verdict,
            reason: crate::tools::clip(&reason, 500),
            approval,
        };
        match d.verdict {
            Verdict::Allow => (record(PolicyVerdict::Allow, None), None),
            Verdict::Deny => (
                record(PolicyVerdict::Deny, None),
                Some(format!(
                    "denied by policy: {reason}. The call was not run; reach the goal another way."
                )),
            ),
            Verdict::Ask => {
                let key = call_key(call);
                let answer = if self.always.contains(&key) {
                    ApprovalAnswer::Remembered
                } else {
                    match self.approver.approve(call, &reason) {
                        Approval::Once => ApprovalAnswer::Once,
                        Approval::Always => {
                            self.always.insert(key);
                            ApprovalAnswer::Always
                        }
                        Approval::Deny => ApprovalAnswer::Denied,
                    }
                };
                let refusal = (answer == ApprovalAnswer::Denied).then(|| format!(
                    "not approved: {reason}. Nobody approved this call (unattended runs deny what needs approval), so it was not run; reach the goal another way."
                ));
                (record(PolicyVerdict::Ask, Some(answer)), refusal)
            }
        }
    }
}
