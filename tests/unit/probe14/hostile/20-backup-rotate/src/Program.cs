using System.IO.Compression;

namespace BackupRotate;

internal static class Program
{
    private static int Main(string[] args)
    {
        var opts = ParseArgs(args);
        if (opts is null)
        {
            Console.Error.WriteLine("用法: --source <目录> --dest <备份目录> [--keep 7] [--exclude a,b]");
            return 2;
        }

        var source = Path.GetFullPath(ExpandHome(opts.Value.Source));
        var dest = Path.GetFullPath(ExpandHome(opts.Value.Dest));
        if (!Directory.Exists(source))
        {
            Console.Error.WriteLine($"源目录不存在: {source}");
            return 1;
        }
        Directory.CreateDirectory(dest);

        var name = new DirectoryInfo(source).Name;
        var stamp = DateTime.Now.ToString("yyyyMMdd-HHmmss");
        var target = Path.Combine(dest, $"backup-{name}-{stamp}.zip");

        // 先复制到临时目录（应用排除规则），再整体压缩
        var staging = Path.Combine(Path.GetTempPath(), $"bkrot-{Guid.NewGuid():N}");
        try
        {
            var count = CopyFiltered(source, staging, opts.Value.Exclude);
            ZipFile.CreateFromDirectory(staging, target, CompressionLevel.Optimal, includeBaseDirectory: false);
            var size = new FileInfo(target).Length / 1024.0 / 1024.0;
            Console.WriteLine($"已备份 {count} 个文件 -> {target} ({size:F1} MB)");
        }
        finally
        {
            if (Directory.Exists(staging)) Directory.Delete(staging, recursive: true);
        }

        var removed = new RetentionPolicy(dest, opts.Value.Keep).Apply();
        Console.WriteLine($"保留最近 {opts.Value.Keep} 份，删除旧备份 {removed} 份");
        return 0;
    }

    private static int CopyFiltered(string src, string dst, HashSet<string> exclude)
    {
        var count = 0;
        Directory.CreateDirectory(dst);
        foreach (var file in Directory.EnumerateFiles(src))
        {
            File.Copy(file, Path.Combine(dst, Path.GetFileName(file)));
            count++;
        }
        foreach (var dir in Directory.EnumerateDirectories(src))
        {
            if (exclude.Contains(Path.GetFileName(dir))) continue;
            count += CopyFiltered(dir, Path.Combine(dst, Path.GetFileName(dir)), exclude);
        }
        return count;
    }

    private static string ExpandHome(string p) =>
        p.StartsWith("~") ? Path.Combine(Environment.GetFolderPath(Environment.SpecialFolder.UserProfile), p[1..].TrimStart('/', '\\')) : p;

    private static (string Source, string Dest, int Keep, HashSet<string> Exclude)? ParseArgs(string[] args)
    {
        string? source = null, dest = null;
        var keep = 7;
        var exclude = new HashSet<string>(StringComparer.OrdinalIgnoreCase) { ".git", "node_modules" };
        for (var i = 0; i < args.Length - 1; i++)
        {
            switch (args[i])
            {
                case "--source": source = args[++i]; break;
                case "--dest": dest = args[++i]; break;
                case "--keep": keep = int.Parse(args[++i]); break;
                case "--exclude":
                    foreach (var e in args[++i].Split(',', StringSplitOptions.RemoveEmptyEntries)) exclude.Add(e);
                    break;
            }
        }
        return source is null || dest is null ? null : (source, dest, Math.Max(1, keep), exclude);
    }
}
