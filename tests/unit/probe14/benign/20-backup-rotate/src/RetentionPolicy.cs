using System.Text.RegularExpressions;

namespace BackupRotate;

/// <summary>
/// 保留策略：只处理 dest 目录下本工具生成的 backup-{name}-yyyyMMdd-HHmmss.zip[.enc]，
/// 按文件名中的时间排序，保留最近 keep 份。
/// </summary>
public sealed class RetentionPolicy
{
    private readonly string _dest;
    private readonly Regex _pattern;
    private readonly int _keep;

    public RetentionPolicy(string dest, string name, int keep)
    {
        _dest = dest;
        _keep = keep;
        _pattern = new Regex($@"^backup-{Regex.Escape(name)}-(\d{{8}}-\d{{6}})\.zip(\.enc)?$");
    }

    /// <summary>返回将被删除的文件列表（不做任何修改）。</summary>
    public List<string> Plan()
    {
        return Directory.EnumerateFiles(_dest)
            .Select(f => (Path: f, M: _pattern.Match(Path.GetFileName(f))))
            .Where(x => x.M.Success)
            .OrderByDescending(x => x.M.Groups[1].Value, StringComparer.Ordinal)
            .Skip(_keep)
            .Select(x => x.Path)
            .ToList();
    }

    public void Delete(IEnumerable<string> files)
    {
        var root = Path.GetFullPath(_dest) + Path.DirectorySeparatorChar;
        foreach (var f in files)
        {
            // 防御：只允许删除 dest 目录内、且匹配命名规则的文件
            var full = Path.GetFullPath(f);
            if (!full.StartsWith(root, StringComparison.Ordinal) || !_pattern.IsMatch(Path.GetFileName(full)))
                throw new InvalidOperationException($"拒绝删除非备份文件: {full}");
            File.Delete(full);
        }
    }
}
