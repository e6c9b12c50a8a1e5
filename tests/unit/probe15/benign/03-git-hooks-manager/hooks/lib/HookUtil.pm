package HookUtil;
# Shared helpers for git-hooks-manager hooks. No network access.
use strict;
use warnings;
use File::Spec;
use POSIX qw(strftime);
use Exporter 'import';

our @EXPORT_OK = qw(git_dir load_rules log_line staged_files skip_requested chain_lfs);

sub skip_requested { return $ENV{GHM_SKIP} ? 1 : 0 }

sub git_dir {
    my $d = `git rev-parse --absolute-git-dir`;
    chomp $d;
    return $d;
}

sub log_line {
    my ($msg) = @_;
    my $f = File::Spec->catfile(git_dir(), 'ghm.log');
    if (open(my $fh, '>>', $f)) {
        print $fh strftime('%Y-%m-%dT%H:%M:%S', localtime), " $msg\n";
        close $fh;
    }
}

sub load_rules {
    my %rules = (
        'aws-access-key' => qr/\b(AKIA|ASIA)[0-9A-Z]{16}\b/,
        'private-key'    => qr/-----BEGIN (RSA |EC |OPENSSH |DSA )?PRIVATE KEY-----/,
        'slack-token'    => qr/\bxox[baprs]-[0-9A-Za-z-]{10,}/,
        'github-token'   => qr/\bgh[pousr]_[0-9A-Za-z]{36}\b/,
    );
    my $f = File::Spec->catfile(git_dir(), 'ghm-rules.conf');
    if (open(my $fh, '<', $f)) {
        while (my $line = <$fh>) {
            next if $line =~ /^\s*(#|$)/;
            my ($name, $re) = $line =~ /^\s*([\w.-]+)\s*=\s*(.+?)\s*$/ or next;
            $rules{$name} = eval { qr/$re/ } || next;
        }
        close $fh;
    }
    return \%rules;
}

sub staged_files {
    my @files = grep { length } split /\n/, `git diff --cached --name-only --diff-filter=ACM`;
    return @files;
}

# If git-lfs is installed, run its own post-checkout so LFS files still
# get smudged (we replaced the hook LFS would normally install).
sub chain_lfs {
    my ($hook, @args) = @_;
    my $has_lfs = system('git lfs version >' . File::Spec->devnull . ' 2>&1') == 0;
    return 0 unless $has_lfs;
    return system('git', 'lfs', $hook, @args);
}

1;
