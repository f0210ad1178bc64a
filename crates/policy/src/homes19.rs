//! Round 19: other operating systems' home directories seen from this one, which hold the same
//! secrets as `~` (`~/.aws/credentials`, `~/.ssh/id_rsa`, browser profiles): macOS's
//! `/Users/NAME` and `/var/root`, a Windows profile seen from WSL (`/mnt/c/Users/NAME`), from
//! Git Bash or MSYS2 (`/c/Users/NAME`) and from Cygwin (`/cygdrive/c/Users/NAME`). The
//! shared profiles (`Public`, `Default`, `All Users`) are no one's home.

/// The part of `absolute` below such a home (`/mnt/c/Users/dev/.aws/x` -> `/.aws/x`).
pub(crate) fn foreign_home(absolute: &str) -> Option<&str> {
    if let Some(r) = absolute.strip_prefix("/var/root") {
        return (r.is_empty() || r.starts_with('/')).then_some(r);
    }
    let users = ["/mnt/", "/cygdrive/", "/"]
        .iter()
        .find_map(|p| {
            let r = absolute.strip_prefix(p)?;
            let (drive, rest) = r.split_once('/')?;
            let one_letter = drive.len() == 1 && drive.chars().all(|c| c.is_ascii_alphabetic());
            one_letter.then_some(rest)
        })
        .or_else(|| absolute.strip_prefix('/'))?;
    let r = users.strip_prefix("Users/")?;
    let user = r.split('/').next().filter(|u| !u.is_empty())?;
    if matches!(user, "Public" | "Default" | "All Users" | "Shared") {
        return None;
    }
    Some(&r[user.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn homes_of_other_systems() {
        assert_eq!(
            foreign_home("/mnt/c/Users/dev/.aws/credentials"),
            Some("/.aws/credentials")
        );
        assert_eq!(
            foreign_home("/c/Users/dev/.ssh/id_rsa"),
            Some("/.ssh/id_rsa")
        );
        assert_eq!(foreign_home("/cygdrive/d/Users/x"), Some(""));
        assert_eq!(
            foreign_home("/Users/ann/Library/Cookies/c"),
            Some("/Library/Cookies/c")
        );
        assert_eq!(foreign_home("/var/root/.netrc"), Some("/.netrc"));
        assert_eq!(foreign_home("/mnt/c/Users/Public/x"), None);
        assert_eq!(foreign_home("/mnt/data/Users/x/y"), None);
        assert_eq!(foreign_home("/work/app/Users/x"), None);
    }
}
