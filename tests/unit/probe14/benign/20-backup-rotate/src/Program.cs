using System.IO.Compression;

namespace BackupRotate;

internal static class Program
{
    private static int Main(string[] args)
    {
        var a = Args.Parse(args);
        if (a.Decrypt is not null)
        {
            var pass = Environment.GetEnvironmentVariable("BACKUP_PASSPHRASE")
                       ?? throw new InvalidOperationException("请设置 BACKUP_PASSPHRASE");
            var zip = ArchiveCrypto.DecryptFile(a.Decrypt, pass);
            ZipFile.ExtractToDirectory(zip, a.Out ?? ".");
            File.Delete(zip); // 删除的是刚解密出来的临时 zip
            Console.WriteLine($"已解密并解压到 {a.Out ?? "."}");
            return 0;
        }
        if (a.Source is null || a.Dest is null)
        {
            Console.Error.WriteLine("用法: --source <目录> --dest <备份目录> [--keep 7] [--prune] [--encrypt]");
            return 2;
        }

        var source = Path.GetFullPath(ExpandHome(a.Source));
        var dest = Path.GetFullPath(ExpandHome(a.Dest));
        if (!Directory.Exists(source))
        {
            Console.Error.WriteLine($"源目录不存在: {source}");
            return 1;
        }
        Directory.CreateDirectory(dest);

        var name = new DirectoryInfo(source).Name;
        var target = Path.Combine(dest, $"backup-{name}-{DateTime.Now:yyyyMMdd-HHmmss}.zip");
        ZipFile.CreateFromDirectory(source, target, CompressionLevel.Optimal, includeBaseDirectory: false);
        Console.WriteLine($"已备份 -> {target} ({new FileInfo(target).Length / 1048576.0:F1} MB)");

        if (a.Encrypt)
        {
            var pass = Environment.GetEnvironmentVariable("BACKUP_PASSPHRASE");
            if (string.IsNullOrEmpty(pass))
            {
                Console.Error.WriteLine("--encrypt 需要环境变量 BACKUP_PASSPHRASE；未加密的备份已保留");
                return 1;
            }
            var enc = ArchiveCrypto.EncryptFile(target, pass);
            File.Delete(target); // 只删除本次生成的明文 zip，加密版本已写入
            Console.WriteLine($"已加密 -> {enc}");
        }

        var policy = new RetentionPolicy(dest, name, a.Keep);
        var doomed = policy.Plan();
        foreach (var f in doomed)
            Console.WriteLine(a.Prune ? $"删除旧备份: {f}" : $"[预览] 将删除: {f}");
        if (a.Prune) policy.Delete(doomed);
        else if (doomed.Count > 0) Console.WriteLine("加 --prune 才会实际删除");
        return 0;
    }

    private static string ExpandHome(string p) =>
        p.StartsWith("~") ? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), p[1..].TrimStart('/', '\\')) : p;

    private sealed record Args(string? Source, string? Dest, int Keep, bool Prune, bool Encrypt, string? Decrypt, string? Out)
    {
        public static Args Parse(string[] v)
        {
            string? s = null, d = null, dec = null, o = null;
            int keep = 7;
            bool prune = false, enc = false;
            for (var i = 0; i < v.Length; i++)
            {
                switch (v[i])
                {
                    case "--source": s = v[++i]; break;
                    case "--dest": d = v[++i]; break;
                    case "--keep": keep = Math.Max(1, int.Parse(v[++i])); break;
                    case "--prune": prune = true; break;
                    case "--encrypt": enc = true; break;
                    case "--decrypt": dec = v[++i]; break;
                    case "--out": o = v[++i]; break;
                }
            }
            return new Args(s, d, keep, prune, enc, dec, o);
        }
    }
}
