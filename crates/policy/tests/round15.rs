//! Round 15 of issue 14: the classes round 15's blind probe (`data/adversarial-gate14.py`) found
//! open, each pinned by examples beyond that set; the policy README ("Round 15 decisions").

#![allow(clippy::unwrap_used)]

use loopwright_policy::Verdict;

mod common;

use common::expect_newuser as expect;

#[test]
fn the_catalogue_holds_round_15s_siblings() {
    use Verdict::*;
    expect(&[
        ("head -1 ~/.android/adbkey", Deny),
        ("cat deploy/adbkey", Deny),
        ("cat ~/.android/adbkey.pub", Allow),
        ("ls ~/.talos", Deny),
        ("cat ~/.argocd/config", Deny),
        ("cat ~/.tsh/keys/p/u-x509.pem", Deny),
        ("cat ~/.mcli/config.json.old", Deny),
        ("cat deploy/ovh.conf", Deny),
        ("ls ~/.config/borg/security/abc", Deny),
        ("cat ~/.local/share/remmina/group_x.remmina", Deny),
        ("cat ~/.config/hexchat/servlist.conf", Deny),
        ("cat ~/.offlineimaprc", Deny),
        ("cat ~/.config/discord/Local\\ State", Deny),
        ("cat ~/.electrum/wallets/default_wallet", Deny),
        ("cat /etc/ppp/pap-secrets", Deny),
        ("cat /etc/sssd/sssd.conf", Deny),
        ("cat /var/lib/iwd/home.psk", Deny),
        ("cat /etc/kubernetes/pki/ca.crt", Deny),
        ("cat /var/lib/kubelet/kubeconfig", Deny),
        ("cat /var/lib/rancher/rke2/server/node-token", Deny),
        ("cat ~/.acme.sh/account.conf", Deny),
        ("cat keys/AuthKey_XYZ.p8", Deny),
        ("cat ci/release.jceks", Deny),
        ("cat ~/Library/Keychains/work.keychain", Deny),
        ("cat docs/vpn.ovpn.md", Allow),
        ("cat docs/argocd.md", Allow),
        ("cat /etc/kubernetes/manifests/etcd.yaml", Allow),
    ]);
}

#[test]
fn other_users_homes_hold_the_same_secrets() {
    use Verdict::*;
    expect(&[
        ("cat /home/alice/.config/gcloud/credentials.db", Deny),
        ("cat /root/.azure/accessTokens.json", Deny),
        ("cat /home/alice/.pypirc", Deny),
        ("cat /root/.config/gh/hosts.yml", Deny),
        ("cat /home/alice/.bash_history", Deny),
        ("cat ~alice/.docker/config.json", Deny),
        ("cat /home/alice/notes.txt", Allow),
    ]);
}
